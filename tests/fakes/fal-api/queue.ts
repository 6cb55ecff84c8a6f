// The fake fal.ai's queue: submissions (refused, or queued as jobs), their status polls, their
// results, and cancels; the same for LoRA trainings (training.ts).
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  DEFAULT_LORA_SIZE,
  DEFAULT_SCALE,
  DIMENSIONS,
  FAL_PRICES,
  isLora,
  isUpscaler,
  LORA_SIZES,
  validateInput,
} from "./endpoints.ts";
import { renderImage, upscaleImage } from "./images.ts";
import { download } from "./inputs.ts";
import type { Reply } from "./reply.ts";
import type { FalState, Job } from "./state.ts";
import { fileAt } from "./storage.ts";
import { isTrainer, readDataset, trainingLog, trainingOutput } from "./training.ts";

/** A submission to the queue: refused (a failure asked for, or input fal would not take), or queued. */
export async function submit(state: FalState, reply: Reply, model: string, raw: Buffer, headers: IncomingHttpHeaders) {
  const { control } = state;
  state.calls.submit++;
  if (!(model in FAL_PRICES)) return reply.json(404, { detail: `Application '${model}' not found` });
  let failure = control.failAlways;
  if (!failure && control.failNext && control.failNext.count > 0) {
    failure = control.failNext.kind;
    control.failNext.count--;
  }
  if (failure === "rate_limit") {
    return reply.json(429, { detail: "You have exceeded the concurrent request limit for your account." });
  }
  if (failure === "server_error") {
    return reply.json(
      500,
      { detail: "Internal server error", error_type: "internal_error" },
      { "X-Fal-Error-Type": "internal_error" },
    );
  }
  if (control.stall === "submit") return reply.stall();
  const input = JSON.parse(raw.toString() || "{}") as Record<string, unknown>;
  const imageUrls = Array.isArray(input.image_urls) ? (input.image_urls as unknown[]) : [];
  const invalid = validateInput(model, input, imageUrls);
  if (invalid) return reply.json(422, { detail: [invalid] });
  const received = await download(state, model, input, imageUrls);
  if ("error" in received) return reply.json(422, { detail: [received.error] });
  const training = isTrainer(model);
  const dataset = training ? await readDataset(state, String(input.images_data_url)) : null;
  if (dataset && "error" in dataset) return reply.json(422, { detail: [dataset.error] });
  if (training && control.failTraining) failure = control.failTraining;
  const [owner, alias] = model.split("/");
  const scale = isUpscaler(model) ? Number(input.scale ?? DEFAULT_SCALE) : null;
  const job: Job = {
    id: randomUUID(),
    owner: owner!,
    alias: alias!,
    input,
    size:
      received.image && scale !== null
        ? [Math.round(received.image.width * scale), Math.round(received.image.height * scale)]
        : received.image
          ? [received.image.width, received.image.height]
          : isLora(model)
            ? loraSize(input.image_size)
            : (DIMENSIONS[String(input.aspect_ratio ?? "1:1")] ?? DIMENSIONS["1:1"]!),
    source: scale !== null && received.image ? fileAt(state, received.image.url)!.data : null,
    training,
    polls: 0,
    cancelled: false,
    completed: false,
    failure: failure === "content_policy" || failure === "runner_error" ? failure : null,
  };
  state.jobs.set(job.id, job);
  state.submissions.push({
    requestId: job.id,
    model,
    input,
    uploadedReferences: imageUrls.filter(
      (u) => typeof u === "string" && state.files.has(u.replace(`${state.url}/files/`, "")),
    ).length,
    ...received,
    scale,
    dataset,
    loras: isLora(model) ? ((input.loras ?? []) as { path: string; scale: number }[]) : null,
    headers: {
      priority: header(headers, "x-fal-queue-priority"),
      lifecycle: header(headers, "x-fal-object-lifecycle-preference"),
      timeout: header(headers, "x-fal-request-timeout"),
    },
  });
  const base = `${state.url}/${owner}/${alias}/requests/${job.id}`;
  return reply.json(200, {
    status: "IN_QUEUE",
    request_id: job.id,
    response_url: base,
    status_url: `${base}/status`,
    cancel_url: `${base}/cancel`,
    queue_position: 0,
  });
}

/** FLUX LoRA's output size: a named size's, or the {width, height} asked. */
function loraSize(size: unknown): [number, number] {
  if (size && typeof size === "object") {
    const { width, height } = size as { width: number; height: number };
    return [width, height];
  }
  return LORA_SIZES[String(size ?? DEFAULT_LORA_SIZE)]!;
}

function header(headers: IncomingHttpHeaders, name: string) {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
}

/** The addresses a job's answers carry. */
function base(state: FalState, job: Job) {
  const prefix = `${state.url}/${job.owner}/${job.alias}/requests/${job.id}`;
  return {
    request_id: job.id,
    response_url: prefix,
    status_url: `${prefix}/status`,
    cancel_url: `${prefix}/cancel`,
  };
}

/** A status poll: IN_QUEUE, then IN_PROGRESS with a sampler's logs, then COMPLETED. */
export function status(state: FalState, reply: Reply, job: Job, withLogs: boolean) {
  const { control } = state;
  if (control.stall === "status") return reply.stall();
  const poll = job.polls++;
  const log = (message: string) => ({
    message,
    level: "INFO",
    source: "USER",
    timestamp: new Date().toISOString(),
  });
  const held = control.holdInProgress || (job.training && control.holdTraining);
  if (job.completed || (!held && poll >= control.pollsQueued + control.pollsInProgress)) {
    job.completed = true;
    return reply.json(200, {
      status: "COMPLETED",
      ...base(state, job),
      logs: withLogs ? [log(job.training ? "Training finished" : "Generation finished")] : null,
      metrics: { inference_time: job.cancelled ? null : 1.25 },
      ...(job.cancelled ? { error: "Request was cancelled", error_type: "client_cancelled" } : {}),
    });
  }
  if (poll < control.pollsQueued) {
    return reply.json(200, {
      status: "IN_QUEUE",
      ...base(state, job),
      queue_position: control.pollsQueued - poll - 1,
    });
  }
  // A sampler's progress, the way fal's runners log it: "<step>/<steps>".
  const step = Math.min(poll - control.pollsQueued + 1, control.pollsInProgress);
  const steps = control.pollsInProgress + 1;
  // A trainer's, "Training step <step>/<steps>" of the steps it was asked.
  const logs = job.training
    ? [log("Preparing the dataset"), log(trainingLog(job, step, control.pollsInProgress))]
    : [log("Starting generation"), log(`${Math.round((step / steps) * 100)}%| ${step}/${steps}`)];
  return reply.json(200, { status: "IN_PROGRESS", ...base(state, job), logs: withLogs ? logs : null });
}

/** The result of a completed job: its images, or the error it ended with. */
export async function result(state: FalState, reply: Reply, job: Job) {
  const { control } = state;
  if (!job.completed) return reply.json(400, { detail: "Request is still in progress" });
  if (job.cancelled) return reply.json(499, { detail: "Request was cancelled", error_type: "client_cancelled" });
  if (job.failure === "content_policy") {
    return reply.json(422, {
      detail: [
        {
          loc: ["body", "prompt"],
          msg: "The content could not be processed because it contained material flagged by a content checker.",
          type: "content_policy_violation",
          url: "https://docs.fal.ai/errors#content_policy_violation",
        },
      ],
    });
  }
  if (job.failure === "runner_error") {
    return reply.json(500, {
      detail: "The runner encountered an internal server error",
      error_type: "runner_server_error",
    });
  }
  if (control.stall === "result") return reply.stall();
  if (job.training) return reply.json(200, trainingOutput(state, job), { "x-fal-request-id": job.id });
  const format = job.input.output_format === "png" && !control.forceJpeg ? "png" : "jpeg";
  if (job.source) return upscaled(state, reply, job, job.source, format);
  const n = Number(job.input.num_images ?? 1);
  const [width, height] = job.size;
  const images = [];
  for (let i = 0; i < n; i++) {
    const filePath = `output/${job.id}-${i}.${format === "png" ? "png" : "jpg"}`;
    state.files.set(filePath, {
      contentType: `image/${format}`,
      data: await renderImage(job.size, format, control.nsfw, String(job.input.prompt ?? "")),
    });
    images.push({ url: `${state.url}/files/${filePath}`, width, height, content_type: `image/${format}` });
  }
  return reply.json(
    200,
    {
      images,
      timings: { inference: 1.25 },
      seed: job.input.seed ?? 1234,
      has_nsfw_concepts: images.map(() => control.nsfw),
      prompt: job.input.prompt,
    },
    { "x-fal-request-id": job.id },
  );
}

/** ESRGAN's answer: the input resized to its scale, opaque (its model works on RGB), as one `image`. */
async function upscaled(state: FalState, reply: Reply, job: Job, source: Buffer, format: "png" | "jpeg") {
  const [width, height] = job.size;
  const data = await upscaleImage(source, job.size, format);
  const fileName = `${job.id}.${format === "png" ? "png" : "jpg"}`;
  state.files.set(`output/${fileName}`, { contentType: `image/${format}`, data });
  return reply.json(
    200,
    {
      image: {
        url: `${state.url}/files/output/${fileName}`,
        content_type: `image/${format}`,
        file_name: fileName,
        file_size: data.length,
        width,
        height,
      },
    },
    { "x-fal-request-id": job.id },
  );
}

/** A cancel PUT: a job not completed yet is cancelled (its status then COMPLETED, its result 499). */
export function cancel(state: FalState, reply: Reply, job: Job) {
  state.cancels.push(job.id);
  if (job.completed) return reply.json(400, { status: "ALREADY_COMPLETED" });
  job.cancelled = true;
  job.completed = true;
  return reply.json(202, { status: "CANCELLATION_REQUESTED" });
}
