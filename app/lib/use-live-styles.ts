import { useEffect, useState } from "react";
import { subscribeLiveEvents } from "./live-events";
import { toast } from "./toast-store";

/**
 * Keeps a page of style cards live: sample progress per style, `onChange` (a
 * revalidation) on every job change, and the Generation Failed toast.
 */
export function useLiveStyles(onChange: () => void) {
  const [progress, setProgress] = useState<Record<string, { completed: number; total: number }>>({});
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.type === "job-progress") {
          setProgress((p) => ({
            ...p,
            [event.data.styleId]: { completed: event.data.completed, total: event.data.total },
          }));
          onChange();
        }
        if (event.type === "job") {
          onChange();
          if (event.data.status === "failed") {
            toast({
              title: "Generation Failed",
              description: `${event.data.error ?? "The images could not be generated."}${event.data.refunded ? " You were not charged." : ""}`,
              color: "error",
            });
          }
        }
      }),
    [onChange],
  );
  return progress;
}
