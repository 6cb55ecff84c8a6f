import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

/** A labelled native select (its `id` is the label's target), with the chevron the inputs share. */
export function Picker(props: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        {props.children}
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        />
      </div>
    </div>
  );
}
