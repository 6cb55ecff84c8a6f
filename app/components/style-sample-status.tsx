import { creditsRefunded } from "#domain/credit-words";
import { CircleAlert, CircleStop, History, ImagePlus, RefreshCw } from "lucide-react";
import { useState } from "react";
import { ANCHOR_COUNT } from "#domain/limits";
import { describeStaleReasons, samplesPrice, type StyleView } from "#domain/styles";
import { cn } from "~/lib/ui/cn";
import { priceText } from "~/lib/words/object-format";
import { useModel } from "~/lib/hooks/use-models";
import { Button } from "./ui/button";

/** What is done to a style's samples from where they are shown (its card, its page). */
export interface SampleActions {
  /** Stops the style's running job (what was not made is refunded). */
  onCancel?(): Promise<void>;
  /** Makes the samples the style is missing (their price is shown). */
  onCompleteSamples?(): Promise<void>;
  /** Replaces samples made for earlier settings with new ones (their price is shown). */
  onRegenerateSamples?(): Promise<void>;
  /** Keeps samples made for earlier settings: they stop showing as out of date. */
  onKeepSamples?(): Promise<void>;
}

/** Whether the style's sample job is waiting or running. */
export const samplesWorking = (style: StyleView) => style.job?.status === "queued" || style.job?.status === "running";

/**
 * Where a style's samples stand, under them: the running job's progress (with Cancel), why the
 * last one failed or stopped, samples made for earlier settings (make new ones or keep them), and
 * the samples it is missing (make them). `onFocusLost`: the pressed button went away.
 */
export function StyleSampleStatus(
  props: SampleActions & {
    style: StyleView;
    progress?: { completed: number; total: number };
    onFocusLost?(): void;
  },
) {
  const { style } = props;
  const status = style.job?.status;
  const working = samplesWorking(style);
  const failed = status === "failed";
  const canceled = status === "canceled";
  const completed = props.progress?.completed ?? style.anchors.length;
  const total = props.progress?.total ?? ANCHOR_COUNT;
  const missing = Math.max(0, ANCHOR_COUNT - style.anchors.length);
  // Samples are made with the style's model (the operator's default when it has none or it went away).
  const { prices } = useModel(style.defaultModel);
  const missingPrice = samplesPrice({ size: style.defaultSize, detail: style.defaultDetail, count: missing, prices });
  const newSamplesPrice = samplesPrice({ size: style.defaultSize, detail: style.defaultDetail, prices });
  const stale = !working && style.samplesStale.length > 0;
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      if (!document.activeElement || document.activeElement === document.body) props.onFocusLost?.();
    }
  };

  return (
    <>
      {working && (
        <div className="grid gap-1.5" data-testid="style-progress">
          <div className="flex items-center justify-between gap-2 text-xs font-medium text-neutral-600 dark:text-neutral-400">
            {/* Only the words are announced; the Cancel button stays out of the live region. */}
            <p role="status" aria-live="polite" className="flex flex-1 justify-between gap-2">
              <span>{status === "queued" ? "Waiting to start…" : "Generating sample images…"}</span>
              <span className="tabular-nums">
                {completed} of {total}
              </span>
            </p>
            {props.onCancel && (
              <button
                type="button"
                disabled={busy}
                onClick={act(props.onCancel)}
                aria-label={`Cancel generating ${style.name}`}
                className="-my-1 rounded-md px-1.5 py-1 text-neutral-600 underline-offset-2 hover:bg-neutral-100 dark:text-neutral-300 hover:text-neutral-900 disabled:opacity-50 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                Cancel
              </button>
            )}
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
            <div
              className="h-full rounded-full bg-gradient-to-r from-primary-500 to-secondary-500 transition-[width] duration-500"
              style={{ width: `${Math.max(6, (completed / total) * 100)}%` }}
            />
          </div>
        </div>
      )}
      {(failed || canceled) && style.job?.error && (
        <p
          role={failed ? "alert" : "status"}
          className={cn(
            "flex gap-2 rounded-lg p-2.5 text-xs",
            failed
              ? "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200"
              : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
          )}
        >
          {failed ? (
            <CircleAlert aria-hidden className="size-4 shrink-0" />
          ) : (
            <CircleStop aria-hidden className="size-4 shrink-0" />
          )}
          <span>
            {style.job.error}
            {failed && style.job.refunded && ` Your ${creditsRefunded(style.job.refundedCredits)}.`}
          </span>
        </p>
      )}
      {stale && (
        <div
          className="grid gap-2 rounded-lg bg-amber-50 p-2.5 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
          data-testid="stale-samples"
        >
          <p className="flex gap-2">
            <History aria-hidden className="size-4 shrink-0" />
            <span>These samples were made for {describeStaleReasons(style.samplesStale)}.</span>
          </p>
          {(props.onRegenerateSamples || props.onKeepSamples) && (
            <div className="flex flex-wrap gap-2">
              {props.onRegenerateSamples && (
                <Button size="sm" disabled={busy} onClick={act(props.onRegenerateSamples)}>
                  <RefreshCw aria-hidden className={cn("size-3.5", busy && "animate-spin")} />
                  Make new samples
                  <span className="opacity-80">· {priceText(newSamplesPrice)}</span>
                </Button>
              )}
              {props.onKeepSamples && (
                <Button size="sm" variant="secondary" disabled={busy} onClick={act(props.onKeepSamples)}>
                  Keep these
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      {!working && !stale && missing > 0 && props.onCompleteSamples && (
        <Button variant="secondary" size="sm" disabled={busy} onClick={act(props.onCompleteSamples)}>
          <RefreshCw aria-hidden className={cn("size-3.5", busy && "animate-spin")} />
          {missing === ANCHOR_COUNT
            ? "Make the samples"
            : `Make ${missing} missing ${missing === 1 ? "sample" : "samples"}`}
          <span className="text-neutral-500 dark:text-neutral-400">· {priceText(missingPrice)}</span>
        </Button>
      )}
    </>
  );
}

/**
 * A sample not there yet: a skeleton while the style's job makes it (still for people who ask
 * for less motion), else a dashed slot that says it is missing; the card's button offers to make it.
 */
export function SampleSlot(props: { generating: boolean }) {
  if (props.generating)
    return (
      <div
        aria-hidden
        data-testid="sample-slot"
        data-state="generating"
        className="relative aspect-square overflow-hidden bg-neutral-100 dark:bg-neutral-900"
      >
        <div className="absolute inset-0 animate-pulse bg-gradient-to-tr from-primary-500/15 via-neutral-200/40 to-secondary-500/20 dark:from-primary-400/10 dark:via-white/[0.06] dark:to-secondary-400/10" />
      </div>
    );
  return (
    <div
      aria-hidden
      data-testid="sample-slot"
      data-state="missing"
      className="aspect-square bg-white p-2 dark:bg-neutral-900"
    >
      <div className="grid size-full place-content-center justify-items-center gap-1.5 rounded-xl border-2 border-dashed border-neutral-200 text-xs text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
        <ImagePlus className="size-5 text-neutral-400 dark:text-neutral-500" />
        No sample yet
      </div>
    </div>
  );
}
