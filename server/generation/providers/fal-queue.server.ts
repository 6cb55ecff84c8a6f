import type { QueueStatus } from "@fal-ai/client";
import type { GenerateProgress } from "./provider";

/** Queue position, then the runner's logged steps ("14/28", "50%", "Training step 250/1000"), as a percentage. */
export function progressOf(status: QueueStatus): GenerateProgress {
  if (status.status === "COMPLETED") return { step: 100, steps: 100 };
  if (status.status === "IN_QUEUE") return { step: 0, steps: 100 };
  for (const { message } of [...(status.logs ?? [])].reverse()) {
    const fraction = /(\d+)\s*\/\s*(\d+)/.exec(message);
    if (fraction && Number(fraction[2]) > 0 && Number(fraction[1]) <= Number(fraction[2])) {
      return { step: Math.min(99, Math.floor((Number(fraction[1]) / Number(fraction[2])) * 100)), steps: 100 };
    }
    const percent = /(\d{1,3})\s*%/.exec(message);
    if (percent && Number(percent[1]) <= 100) return { step: Math.min(99, Number(percent[1])), steps: 100 };
  }
  return { step: 0, steps: 100 };
}
