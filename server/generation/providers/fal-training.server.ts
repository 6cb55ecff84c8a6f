import type { FalClient, QueueStatus } from "@fal-ai/client";
import { z } from "zod";
import { withDeadline } from "../deadline.server";
import { downloadFile, falAnswerOf, isProviderError, transportError } from "./fal-http.server";
import { progressOf } from "./fal-queue.server";
import {
  ProviderRefusalError,
  type ProviderTraining,
  type StartedTraining,
  type TrainingState,
  type TrainRequest,
} from "./provider";

/** FLUX LoRA fast training: a ZIP of pictures and captions in, a LoRA (.safetensors) out. */
export const DEFAULT_FAL_TRAINER = "fal-ai/flux-lora-fast-training";
/** The largest LoRA file Motif downloads; a FLUX LoRA of rank 16 is under 100 MB. */
export const MAX_LORA_BYTES = 1024 * 1024 * 1024;
/** A download of up to 1 GiB may outlast one image's deadline: it gets at least this long. */
const DOWNLOAD_TIMEOUT_MS = 15 * 60 * 1000;
/** The dataset stays in fal's storage a day: long enough for a training queued behind others. */
const DATASET_EXPIRY = "1d";
/** Between the endpoint and the request id in a providerId; endpoint ids never contain it. */
const SEPARATOR = "|";

export interface FalTrainingOptions {
  /** FAL_TRAINER: the endpoint new trainings are submitted to. */
  trainer: string;
  /** The longest one call to fal may take (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/**
 * A training's providerId: "<endpoint>|<request_id>", e.g.
 * "fal-ai/flux-lora-fast-training|764cabcf-b745-4b3e-ae38-1200304cf45b", so a training is
 * followed on the endpoint it was submitted to even after FAL_TRAINER changes. An id without
 * the separator is taken as a request id on the configured trainer.
 */
export function falTrainingId(endpoint: string, requestId: string): string {
  return `${endpoint}${SEPARATOR}${requestId}`;
}

export function parseFalTrainingId(providerId: string, trainer: string): { endpoint: string; requestId: string } {
  const at = providerId.lastIndexOf(SEPARATOR);
  if (at < 0) return { endpoint: trainer, requestId: providerId };
  return { endpoint: providerId.slice(0, at), requestId: providerId.slice(at + 1) };
}

/** The trainer's output: the LoRA's weights and its config, each a file on fal's storage. */
const outputSchema = z.object({
  diffusers_lora_file: z.object({ url: z.string().min(1) }),
  config_file: z.object({ url: z.string() }).nullish(),
});

/**
 * Training a FLUX LoRA on fal's queue. `start` uploads the dataset ZIP to fal's storage and
 * submits it; `check` takes one look at the queue (and, once completed, the result); `cancel`
 * asks the queue to drop it. Stateless: the providerId alone names the request.
 */
export function createFalTraining(
  options: FalTrainingOptions,
  client: (signal: AbortSignal) => FalClient,
): ProviderTraining {
  /** One call within the deadline; transport failures said as provider errors. */
  async function within<T>(
    outer: AbortSignal | undefined,
    call: (signal: AbortSignal) => Promise<T>,
    timeoutMs = options.timeoutMs,
  ): Promise<T> {
    try {
      return await withDeadline(timeoutMs, outer, call);
    } catch (error) {
      if (isProviderError(error)) throw error;
      throw transportError(error, outer);
    }
  }

  async function start(request: TrainRequest, signal: AbortSignal): Promise<StartedTraining> {
    const fal = client(signal);
    const dataset = new File([new Uint8Array(request.dataset)], `${request.id || "dataset"}.zip`, {
      type: "application/zip",
    });
    const imagesDataUrl = await fal.storage.upload(dataset, { lifecycle: { expiresIn: DATASET_EXPIRY } });
    // No storage expiry for the output: the LoRA's URL is what generation loads it from.
    const { request_id: requestId } = await fal.queue.submit(options.trainer, {
      input: {
        images_data_url: imagesDataUrl,
        trigger_word: request.triggerWord,
        steps: request.steps,
        is_style: request.learns === "style",
        create_masks: request.learns === "character",
      },
      abortSignal: signal,
    });
    return { providerId: falTrainingId(options.trainer, requestId) };
  }

  async function check(providerId: string, signal: AbortSignal): Promise<TrainingState> {
    const { endpoint, requestId } = parseFalTrainingId(providerId, options.trainer);
    const fal = client(signal);
    let status: QueueStatus;
    try {
      status = await fal.queue.status(endpoint, { requestId, logs: true, abortSignal: signal });
    } catch (error) {
      if (falAnswerOf(error)?.status === 404) {
        return { status: "failed", reason: "fal no longer knows this training", refused: false };
      }
      throw error;
    }
    if (status.status === "IN_QUEUE") return { status: "queued", progress: 0 };
    if (status.status === "IN_PROGRESS") return { status: "running", progress: progressOf(status).step };
    if ((status as { error_type?: unknown }).error_type === "client_cancelled") return { status: "cancelled" };
    let data: unknown;
    try {
      ({ data } = await fal.queue.result(endpoint, { requestId, abortSignal: signal }));
    } catch (error) {
      return endedWith(error);
    }
    const parsed = outputSchema.safeParse(data);
    if (!parsed.success) {
      return { status: "failed", reason: "The trainer answered in a form Motif does not know", refused: false };
    }
    const url = parsed.data.diffusers_lora_file.url;
    return { status: "succeeded", model: { ref: url, weightsUrl: url } };
  }

  async function cancel(providerId: string, signal: AbortSignal): Promise<void> {
    const { endpoint, requestId } = parseFalTrainingId(providerId, options.trainer);
    try {
      await client(signal).queue.cancel(endpoint, { requestId, abortSignal: signal });
    } catch (error) {
      // 400: the request already completed, which a cancel leaves as it is.
      if (falAnswerOf(error)?.status === 400) return;
      throw error;
    }
  }

  return {
    start: (request) => within(request.signal, (signal) => start(request, signal)),
    check: (providerId, signal) => within(signal, (inner) => check(providerId, inner)),
    cancel: (providerId, signal) => within(signal, (inner) => cancel(providerId, inner)),
    download: (url, signal) =>
      within(
        signal,
        (inner) => downloadFile(url, inner, MAX_LORA_BYTES, { a: "a LoRA file", the: "The LoRA file" }),
        Math.max(options.timeoutMs, DOWNLOAD_TIMEOUT_MS),
      ),
  };
}

/**
 * How a completed training ended when its result is an error: fal's answer is final (failed,
 * refused under the content policy, or cancelled); a lost connection or a rate limit is not,
 * and is thrown for a later look.
 */
function endedWith(error: unknown): TrainingState {
  const answer = falAnswerOf(error);
  if (!answer || answer.status === 429) throw error;
  if (answer.status === 499 || answer.errorType === "client_cancelled") return { status: "cancelled" };
  if (error instanceof ProviderRefusalError) {
    return { status: "failed", reason: "fal declined this training under its content policy", refused: true };
  }
  const detail = answer.detail ? `: ${answer.detail}` : "";
  return { status: "failed", reason: `The training failed at fal (HTTP ${answer.status})${detail}`, refused: false };
}
