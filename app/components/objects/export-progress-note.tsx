import { plural } from "~/lib/words/object-format";
import type { ExportProgress } from "./use-export-download";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** While an export is prepared: how far it is (symbols traced, files packed, or bytes received); after a failure, why. */
export function ExportProgressNote(props: { progress: ExportProgress }) {
  const { progress } = props;
  if (progress.phase === "idle") return null;
  if (progress.phase === "failed") {
    return (
      <p role="alert" className="text-sm font-medium text-error-700 dark:text-error-300">
        {progress.message}
      </p>
    );
  }
  const { done, total, bytes, parts } = progress;
  const text =
    total !== null
      ? parts === "files"
        ? `Packing ${plural(total, "file")}: ${done} done…`
        : `Tracing ${plural(total, "object")}: ${done} done…`
      : bytes > 0
        ? `Receiving the file: ${megabytes(bytes)}…`
        : "Preparing the file…";
  return (
    <div className="grid gap-1.5" data-testid="export-progress">
      <p role="status" className="text-sm text-neutral-700 tabular-nums dark:text-neutral-300">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label="Export progress"
        aria-valuemin={0}
        {...(total !== null ? { "aria-valuemax": total, "aria-valuenow": done } : {})}
        className="h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800"
      >
        <div
          className={
            total !== null
              ? "h-full rounded-full bg-gradient-to-r from-primary-500 to-secondary-500 transition-[width] duration-300"
              : "h-full w-1/3 animate-pulse rounded-full bg-gradient-to-r from-primary-500 to-secondary-500"
          }
          style={total !== null ? { width: `${total ? Math.round((done / total) * 100) : 0}%` } : undefined}
        />
      </div>
    </div>
  );
}
