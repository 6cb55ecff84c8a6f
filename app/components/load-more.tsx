import type { ReactNode } from "react";
import { Button } from "./ui/button";

/** Below a windowed list: the button that shows its next page, and how many are shown. */
export function LoadMore(props: { loading: boolean; onLoad(): void; children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <Button variant="secondary" disabled={props.loading} onClick={props.onLoad}>
        {props.loading ? "Loading…" : "Load more"}
      </Button>
      <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">{props.children}</p>
    </div>
  );
}
