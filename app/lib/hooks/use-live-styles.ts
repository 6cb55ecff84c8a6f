import { useEffect, useState } from "react";
import { onLiveStreamOpen, subscribeLiveEvents } from "~/lib/api/live-events";
import { refundNote } from "~/lib/words/refund-note";
import { toast } from "~/lib/state/toast-store";

/**
 * Keeps a page of style cards live: sample progress per style, `onChange` (a
 * revalidation) on every job change, and the Generation Failed toast for a
 * style's samples. Object jobs carry a style id too, but their progress is
 * not the style's: useLiveJobs follows them.
 */
export function useLiveStyles(onChange: () => void) {
  const [progress, setProgress] = useState<Record<string, { completed: number; total: number }>>({});
  useEffect(() => onLiveStreamOpen(onChange), [onChange]);
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "job-progress") {
          const { kind, styleId, completed, total } = event.data;
          if (kind === "style-samples" && styleId) setProgress((p) => ({ ...p, [styleId]: { completed, total } }));
          onChange();
        }
        if (event.type === "job") {
          onChange();
          if (event.data.status === "failed" && event.data.kind === "style-samples") {
            toast({
              title: "Generation failed",
              description: `${event.data.error ?? "The images could not be generated."}${refundNote(event.data)}`,
              color: "error",
            });
          }
        }
      }),
    [onChange],
  );
  return progress;
}
