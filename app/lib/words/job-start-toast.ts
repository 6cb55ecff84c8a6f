import type { JobEvent } from "#domain/events";
import { isActiveStatus } from "#domain/jobs";
import { previewTexts } from "#domain/preview";
import { subscribeLiveEvents } from "~/lib/api/live-events";
import { plural, reservedText } from "~/lib/words/object-format";
import { refundNote } from "~/lib/words/refund-note";
import { toast, type ToastInput } from "~/lib/state/toast-store";

/** What a job's start toast says: while it runs ("Generating 3 objects"), once made ("3 objects made"). */
export interface JobStartTexts {
  started: string;
  done: string;
  /** Put before the description: the style's name, say. */
  prefix?: string;
}

/**
 * The toast for a job whose start was just answered, as things stand: a job still running is
 * "started", with what was reserved; one that has already succeeded is "done", with what it cost;
 * a failed or cancelled one gets none here (the failure and cancel toasts say so).
 */
export function jobStartToast(
  job: { credits: number },
  ending: Pick<JobEvent, "status" | "refunded" | "credits" | "refundedCredits"> | null,
  texts: JobStartTexts,
): ToastInput | null {
  const prefix = texts.prefix ?? "";
  if (!ending || isActiveStatus(ending.status)) {
    return { title: texts.started, description: prefix + reservedText(job.credits), color: "success" };
  }
  if (ending.status !== "succeeded") return null;
  const spent = ending.credits - (ending.refunded ? ending.refundedCredits : 0);
  const description =
    ending.credits === 0
      ? `${previewTexts.freePrice}: nothing is charged.`
      : `${plural(spent, "credit")} spent.${refundNote(ending)}`;
  return { title: texts.done, description: prefix + description, color: "success" };
}

/**
 * Watches the live stream from before a job's start is asked for. A fast job (the preview engine
 * draws an image in a tenth of a second) can end, and its card show Done, before the request
 * that started it is answered: the toast raised with the answer then says it was made, never that
 * it is starting. Call `toastStarted` with the answer, or `stop` when there is none.
 */
export function watchJobEndings() {
  const ended = new Map<string, JobEvent>();
  let unsubscribe: (() => void) | null = subscribeLiveEvents((event) => {
    if (event.type === "job" && !isActiveStatus(event.data.status)) ended.set(event.data.jobId, event.data);
  });
  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
  };
  return {
    toastStarted(job: { id: string; credits: number }, texts: JobStartTexts) {
      stop();
      const input = jobStartToast(job, ended.get(job.id) ?? null, texts);
      if (input) toast(input);
    },
    stop,
  };
}
