import { CheckCheck, Download, Grid3x3, Palette, Trash2, X } from "lucide-react";
import { useState } from "react";
import { plural } from "~/lib/words/object-format";
import { Button } from "../ui/button";
import { DownloadDialog } from "./download-dialog";

const barButton =
  "inline-flex h-8 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium whitespace-nowrap text-neutral-200 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-400";

/**
 * What can be done with the selected objects, floating above the bottom of the
 * page for as long as something is selected.
 */
export function SelectionBar(props: {
  ids: string[];
  /** How many objects are shown (for "Select all"). */
  shown: number;
  /** What an icon package of them is named after: their style's name. */
  packageTitle?: string;
  onSelectAll(): void;
  onRecolour(): void;
  onNormalise(): void;
  onDelete(): void;
  onClear(): void;
}) {
  const count = props.ids.length;
  const [downloading, setDownloading] = useState(false);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center px-3 pb-4 desk:pl-64">
      <div
        role="region"
        aria-label="Selected objects"
        data-testid="selection-bar"
        className="pointer-events-auto flex w-full max-w-2xl animate-fade-in items-center gap-1 rounded-2xl border border-neutral-800 bg-neutral-900 p-2 pl-4 text-white shadow-2xl shadow-neutral-950/30 sm:gap-2 dark:border-neutral-700 dark:bg-neutral-800"
      >
        <p role="status" className="mr-auto text-sm font-semibold whitespace-nowrap tabular-nums">
          {count} selected
        </p>
        {count < props.shown && (
          <button type="button" onClick={props.onSelectAll} className={barButton}>
            <CheckCheck aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Select all</span>
          </button>
        )}
        <button
          type="button"
          onClick={() => setDownloading(true)}
          aria-label={`Download ${plural(count, "object")}…`}
          className="inline-flex h-8 items-center gap-1.5 rounded-xl bg-white px-3 text-sm font-medium whitespace-nowrap text-neutral-900 transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-400"
        >
          <Download aria-hidden className="size-4" />
          <span aria-hidden>Download…</span>
        </button>
        <button
          type="button"
          onClick={props.onRecolour}
          aria-label={`Recolour ${plural(count, "object")}…`}
          className={barButton}
        >
          <Palette aria-hidden className="size-4" />
          <span aria-hidden className="hidden sm:inline">
            Recolour…
          </span>
        </button>
        <button
          type="button"
          onClick={props.onNormalise}
          aria-label={`Normalise ${plural(count, "object")}…`}
          className={barButton}
        >
          <Grid3x3 aria-hidden className="size-4" />
          <span aria-hidden className="hidden sm:inline">
            Normalise…
          </span>
        </button>
        <Button variant="danger" size="sm" onClick={props.onDelete} aria-label={`Delete ${plural(count, "object")}`}>
          <Trash2 aria-hidden className="size-4" />
          <span aria-hidden className="hidden sm:inline">
            Delete
          </span>
        </Button>
        <button type="button" onClick={props.onClear} aria-label="Clear the selection" className={barButton}>
          <X aria-hidden className="size-4" />
          <span aria-hidden className="hidden sm:inline">
            Clear
          </span>
        </button>
      </div>
      {downloading && (
        <DownloadDialog
          selection={`ids=${props.ids.map(encodeURIComponent).join(",")}`}
          title={`Download ${plural(count, "object")}`}
          description="Their images in a ZIP, packed into a sprite sheet for a game engine, or as an icon package."
          packageTitle={props.packageTitle}
          onClose={() => setDownloading(false)}
        />
      )}
    </div>
  );
}
