import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { applyLiveEvent, type LiveJobs } from "~/lib/state/job-progress";
import { onLiveStreamOpen, subscribeLiveEvents } from "~/lib/api/live-events";
import { refundNote } from "~/lib/words/refund-note";
import { toast } from "~/lib/state/toast-store";

/** Events that arrive together (a job's status, its progress, the balance) wait this long for each other. */
const BURST_MS = 150;
/** The shortest time between two loads while events keep coming. */
const REVALIDATE_INTERVAL_MS = 1_000;

/**
 * A revalidation that coalesces: the calls of one burst of events lead to one load, a
 * moment after the first; while events keep coming, at most one load a second, the last
 * one after the last call, so what is shown always catches up.
 */
export function useCoalescedRevalidate(): () => void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  }, [revalidate]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(BURST_MS, last.current + REVALIDATE_INTERVAL_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      // A newer load (a navigation, another revalidation) may supersede this one; that one shows the news too.
      void latest.current().catch(() => {});
    }, wait);
  }, []);
}

/**
 * Follows object and variation jobs on the live stream: returns what each job
 * has made so far (see mergeJob), calls `onChange` (a revalidation) on every
 * change, and shows the Generation Failed toast. Style-sample jobs are left to useLiveStyles.
 */
export function useLiveJobs(onChange: () => void): LiveJobs {
  const [jobs, setJobs] = useState<LiveJobs>({});
  useEffect(() => onLiveStreamOpen(onChange), [onChange]);
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "credits") return;
        setJobs((current) => applyLiveEvent(current, event));
        onChange();
        if (event.type === "job" && event.data.status === "failed" && event.data.kind !== "style-samples") {
          toast({
            title: "Generation failed",
            description: `${event.data.error ?? "The images could not be generated."}${refundNote(event.data)}`,
            color: "error",
          });
        }
      }),
    [onChange],
  );
  return jobs;
}
