import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { applyLiveEvent, type LiveJobs } from "./job-progress";
import { subscribeLiveEvents } from "./live-events";
import { toast } from "./toast-store";

/**
 * A revalidation that coalesces: calls in the same tick, or while one is under
 * way, lead to one more load after it, so a burst of events costs two loads, not fifty.
 */
export function useCoalescedRevalidate(): () => void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  }, [revalidate]);
  const state = useRef({ running: false, pending: false });
  return useCallback(() => {
    const s = state.current;
    s.pending = true;
    if (s.running) return;
    s.running = true;
    queueMicrotask(async () => {
      try {
        while (s.pending) {
          s.pending = false;
          await latest.current();
        }
      } catch {
        // A failed load shows nothing new; the next event tries again.
      } finally {
        s.running = false;
      }
    });
  }, []);
}

/**
 * Follows object and variation jobs on the live stream: returns what each job
 * has made so far (see mergeJob), calls `onChange` (a revalidation) on every
 * change, and shows the Generation Failed toast. Style-sample jobs are left to useLiveStyles.
 */
export function useLiveJobs(onChange: () => void): LiveJobs {
  const [jobs, setJobs] = useState<LiveJobs>({});
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "credits") return;
        setJobs((current) => applyLiveEvent(current, event));
        onChange();
        if (event.type === "job" && event.data.status === "failed" && event.data.kind !== "style-samples") {
          toast({
            title: "Generation Failed",
            description: `${event.data.error ?? "The images could not be generated."}${event.data.refunded ? " Your credits were refunded." : ""}`,
            color: "error",
          });
        }
      }),
    [onChange],
  );
  return jobs;
}
