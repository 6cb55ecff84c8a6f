import { z } from "zod";
import { withDeadline } from "../deadline.server";
import { readCapped } from "./fal-http.server";
import { uploadFile } from "./replicate-files.server";
import {
  isProviderError,
  isRefusal,
  isReplicateAddress,
  replicateJson,
  transportError,
  type ReplicateConnection,
} from "./replicate-http.server";
import { parseModelRef, progressFromLogs } from "./replicate-predictions.server";
import {
  ProviderError,
  ProviderRetryableError,
  type ProviderTraining,
  type TrainRequest,
  type TrainingState,
} from "./provider";

/** ostris's FLUX.1 [dev] LoRA trainer, at a version pinned so a training is the same from one day to the next. */
export const DEFAULT_REPLICATE_TRAINER =
  "ostris/flux-dev-lora-trainer:26dce37af90b9d997eeb970d92e47de3064d46c300504ae376c75bef6a9022d2";
/** A LoRA's weights are tens to hundreds of MB; nothing Motif keeps is larger. */
export const MAX_WEIGHTS_BYTES = 1024 * 1024 * 1024;
/** The smallest GPU: the destination model's own hardware is used only when it is run without a LoRA. */
const DESTINATION_HARDWARE = "gpu-t4";

const accountSchema = z.object({ username: z.string().min(1) });
const trainingSchema = z.object({
  id: z.string(),
  status: z.enum(["starting", "processing", "succeeded", "failed", "canceled", "aborted"]),
  output: z.object({ version: z.string().optional(), weights: z.string().nullish() }).nullish(),
  error: z.unknown().optional(),
  logs: z.string().nullish(),
});

/** The name of the model a training writes its version to: one per training, from Motif's id. */
export function destinationName(trainingId: string): string {
  const slug = trainingId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `motif-${slug || "training"}`;
}

/**
 * Training a LoRA on Replicate: the dataset ZIP is uploaded to its Files API, a private
 * destination model is made under the token's account, and the trainer writes a version of it,
 * which generation then runs ("owner/name:version"). Each call is bounded by `timeoutMs`.
 */
export function createReplicateTraining(options: {
  connection: ReplicateConnection;
  trainer: string;
  timeoutMs: number;
}): ProviderTraining {
  const { connection } = options;
  const trainer = parseModelRef(options.trainer);
  if (trainer.kind !== "version") throw new ProviderError("REPLICATE_TRAINER must name a version: owner/name:version");
  const trainerPath = `/v1/models/${trainer.owner}/${trainer.name}/versions/${trainer.version}/trainings`;
  // The account never changes for a token: asked once, kept unless the asking failed.
  let owner: Promise<string> | null = null;
  const accountOwner = (signal: AbortSignal) => {
    owner ??= replicateJson(connection, "/v1/account", { signal }).then(({ body }) => {
      const parsed = accountSchema.safeParse(body);
      if (!parsed.success)
        throw new ProviderError("The image service answered its account in a form Motif does not know");
      return parsed.data.username;
    });
    owner.catch(() => (owner = null));
    return owner;
  };

  const bounded = async <T>(signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    try {
      return await withDeadline(options.timeoutMs, signal, call);
    } catch (error) {
      if (isProviderError(error)) throw error;
      throw transportError(error, signal);
    }
  };

  async function start(request: TrainRequest, signal: AbortSignal) {
    const username = await accountOwner(signal);
    const name = destinationName(request.id);
    // A retried start finds its model made already: that is fine.
    await replicateJson(connection, "/v1/models", {
      body: {
        owner: username,
        name,
        visibility: "private",
        hardware: DESTINATION_HARDWARE,
        description: `A ${request.learns} LoRA trained by Motif (trigger word "${request.triggerWord}")`,
      },
      signal,
      accept: [409],
    });
    const dataset = await uploadFile(
      connection,
      { data: request.dataset, name: `${name}.zip`, type: "application/zip" },
      signal,
    );
    const { body } = await replicateJson(connection, trainerPath, {
      body: {
        destination: `${username}/${name}`,
        input: {
          input_images: dataset,
          trigger_word: request.triggerWord,
          steps: request.steps,
          // Every picture comes with its caption: the trainer must not write its own.
          autocaption: false,
        },
      },
      signal,
    });
    return { providerId: parseTraining(body).id };
  }

  async function check(providerId: string, signal: AbortSignal): Promise<TrainingState> {
    const { body } = await replicateJson(connection, `/v1/trainings/${encodeURIComponent(providerId)}`, { signal });
    return trainingState(parseTraining(body));
  }

  async function cancel(providerId: string, signal: AbortSignal): Promise<void> {
    try {
      await replicateJson(connection, `/v1/trainings/${encodeURIComponent(providerId)}/cancel`, {
        method: "POST",
        signal,
      });
    } catch (error) {
      if (error instanceof ProviderRetryableError) throw error;
      // A training that has ended cannot be cancelled, and needs not be.
      const state = await check(providerId, signal);
      if (state.status === "queued" || state.status === "running") throw error;
    }
  }

  /** The weights, with the token only when the address is Replicate's own. */
  async function download(url: string, signal: AbortSignal): Promise<Buffer> {
    if (!/^https?:\/\//.test(url)) throw new ProviderError("The trained weights' address is not one Motif fetches");
    let response: Response;
    try {
      response = await fetch(url, {
        headers: isReplicateAddress(url, connection.baseUrl) ? { Authorization: `Bearer ${connection.token}` } : {},
        signal,
      });
    } catch (error) {
      throw transportError(error, signal);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const message = `The trained weights could not be downloaded (HTTP ${response.status})`;
      throw response.status >= 500 || response.status === 429
        ? new ProviderRetryableError(message)
        : new ProviderError(message);
    }
    return readCapped(response, signal, MAX_WEIGHTS_BYTES, "The trained weights are");
  }

  return {
    start: (request) => bounded(request.signal, (signal) => start(request, signal)),
    check: (providerId, signal) => bounded(signal, (bound) => check(providerId, bound)),
    cancel: (providerId, signal) => bounded(signal, (bound) => cancel(providerId, bound)),
    // Weights are large: their download is bounded by the caller's signal, not one call's deadline.
    download: async (url, signal) => {
      try {
        return await download(url, signal ?? new AbortController().signal);
      } catch (error) {
        throw isProviderError(error) ? error : transportError(error, signal);
      }
    },
  };
}

function parseTraining(body: unknown) {
  const parsed = trainingSchema.safeParse(body);
  if (!parsed.success) throw new ProviderError("The image service answered a training in a form Motif does not know");
  return parsed.data;
}

/** A training as Replicate reports it, in Motif's terms. */
export function trainingState(training: z.output<typeof trainingSchema>): TrainingState {
  switch (training.status) {
    case "starting":
      return { status: "queued", progress: 0 };
    case "processing":
      return { status: "running", progress: progressFromLogs(training.logs ?? "") };
    case "succeeded": {
      const version = training.output?.version;
      if (!version) return { status: "failed", reason: "The training ended without a model version", refused: false };
      return {
        status: "succeeded",
        model: { ref: version, ...(training.output?.weights ? { weightsUrl: training.output.weights } : {}) },
      };
    }
    case "failed": {
      const reason =
        typeof training.error === "string" && training.error.trim() ? training.error.trim().slice(0, 300) : "";
      return {
        status: "failed",
        reason: reason || "The training failed at the image service",
        refused: isRefusal(reason),
      };
    }
    default:
      return { status: "cancelled" };
  }
}
