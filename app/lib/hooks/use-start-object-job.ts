import { useState } from "react";
import type { JobView } from "#domain/objects";
import { ApiError } from "~/lib/api/api";
import { callApi, type ApiBody } from "~/lib/api/api-client";
import { watchJobEndings, type JobStartTexts } from "~/lib/words/job-start-toast";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";

/** The paid jobs that can be started on one object (POST /api/objects/{id}/<path>). */
export type ObjectJobPath =
  | "variations"
  | "views"
  | "edit"
  | "ai-upscale"
  | "drawn-animation"
  | "animation/redraw-frame"
  | "drawn-texture"
  | "outpaint";

/**
 * Starts a paid job on one object, once per click (an Idempotency-Key the retry of the same
 * body reuses): a toast says it started and what was reserved (or, when it ended before the
 * answer came, that it was made), or why not, and that nothing was charged. `busy` is true while
 * the request is out.
 */
export function useStartObjectJob(objectId: string, path: ObjectJobPath, onStarted: (job: JobView) => void) {
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  async function start(
    body: ApiBody<"post", `/api/objects/:id/${ObjectJobPath}`>,
    texts: JobStartTexts & { errorTitle: string; failed: string },
  ): Promise<JobView | null> {
    setBusy(true);
    const endings = watchJobEndings();
    try {
      const url = `/api/objects/${objectId}/${path}`;
      const { job } = await callApi("post", `/api/objects/:id/${path}`, {
        params: { id: objectId },
        body,
        headers: { "Idempotency-Key": idempotency.keyFor(url, body) },
      });
      idempotency.done();
      endings.toastStarted(job, texts);
      onStarted(job);
      return job;
    } catch (error) {
      toast({
        title: error instanceof ApiError && error.status === 402 ? "Not enough credits" : texts.errorTitle,
        description: refusalMessage(error, texts.failed),
        color: "error",
      });
      return null;
    } finally {
      endings.stop();
      setBusy(false);
    }
  }
  return { start, busy };
}
