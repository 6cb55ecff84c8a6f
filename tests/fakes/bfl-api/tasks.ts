// The fake BFL API's tasks: submitted to POST /v1/<model> (refused as BFL refuses them: an unknown
// endpoint, a body its schema refuses, a mask not of its image's size, a failure asked for), then
// polled at get_result through Pending (with progress) to Ready, whose result.sample is a signed
// link to the image, or to the failure asked for (moderated, Error, Task not found).
import { randomUUID } from "node:crypto";
import { receiveImage, renderImage } from "./images.ts";
import { DIMENSIONS, IMAGE_FIELDS, MODELS, validateBody } from "./models.ts";
import type { Reply } from "./reply.ts";
import type { BflFailure, BflState, ReceivedImage, Task } from "./state.ts";

/** The failure asked for this submission, counted down when it is one of the next N. */
function takeFailure(state: BflState): BflFailure | null {
  const { control } = state;
  if (control.failAlways) return control.failAlways;
  if (control.failNext && control.failNext.count > 0) {
    control.failNext.count--;
    return control.failNext.kind;
  }
  return null;
}

/** POST /v1/<model>. */
export async function submitTask(state: BflState, reply: Reply, model: string, raw: Buffer, key: string | undefined) {
  state.calls.submit++;
  const kind = MODELS[model];
  if (!kind) return reply.json(404, { detail: "Not Found" });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString() || "null") as Record<string, unknown>;
  } catch {
    return reply.json(422, { detail: [{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }] });
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return reply.json(422, {
      detail: [{ loc: ["body"], msg: "Input should be a valid dictionary", type: "dict_type" }],
    });
  const invalid = validateBody(kind, body);
  if (invalid.length > 0) return reply.json(422, { detail: invalid });

  const images: Record<string, ReceivedImage> = {};
  for (const field of IMAGE_FIELDS[kind]) {
    if (typeof body[field] !== "string" || !body[field]) continue;
    const received = await receiveImage(field, body[field]);
    if (typeof received === "string") return reply.json(400, { detail: received });
    images[field] = received;
  }
  if (images.mask && (images.mask.width !== images.image!.width || images.mask.height !== images.image!.height))
    return reply.json(400, {
      detail: `Mask dimensions (${images.mask.width}x${images.mask.height}) must match image dimensions (${images.image!.width}x${images.image!.height})`,
    });

  const failure = takeFailure(state);
  if (failure === "rate_limit")
    return reply.json(
      429,
      { detail: "You have exceeded the number of active tasks allowed. Please wait for some to finish." },
      { "Retry-After": "1" },
    );
  if (failure === "server_error") return reply.json(500, { detail: "Internal Server Error" });
  if (failure === "unavailable") return reply.json(503, { detail: "Service Unavailable" });
  if (failure === "insufficient_credits") return reply.json(402, { detail: "Insufficient credits" });
  if (state.control.stall === "submit") return reply.stall();

  const id = randomUUID();
  const prompt = String(body.prompt ?? "");
  const ratio = typeof body.aspect_ratio === "string" ? body.aspect_ratio : null;
  const size: [number, number] =
    kind === "fill"
      ? [images.image!.width, images.image!.height]
      : kind === "sized"
        ? [Number(body.width ?? 1024), Number(body.height ?? 768)]
        : ratio
          ? (DIMENSIONS[ratio] ?? DIMENSIONS["1:1"]!)
          : images.input_image
            ? [images.input_image.width, images.input_image.height]
            : DIMENSIONS["1:1"]!;
  const task: Task = {
    id,
    model,
    status: "Pending",
    polls: 0,
    failure,
    size,
    format: body.output_format === "png" ? "png" : "jpeg",
    prompt,
    seed: Number.isInteger(body.seed) ? Number(body.seed) : 1234,
    sample: null,
  };
  state.running.set(id, task);
  const input = Object.fromEntries(
    Object.entries(body).map(([field, value]) =>
      IMAGE_FIELDS[kind].includes(field) && typeof value === "string"
        ? [field, `<base64 ${Buffer.from(value, "base64").length} bytes>`]
        : [field, value],
    ),
  );
  state.tasks.push({ id, model, input, images, key });
  const pollingBase = state.control.pollingHost ? `https://${state.control.pollingHost}` : state.url;
  const megapixels = Math.round(((size[0] * size[1]) / 1_000_000) * 100) / 100;
  return reply.json(200, {
    id,
    polling_url: `${pollingBase}/v1/get_result?id=${id}`,
    cost: 4,
    input_mp: Object.keys(images).length > 0 ? megapixels : 0,
    output_mp: megapixels,
  });
}

/** GET /v1/get_result?id=…: each poll moves a task on, until it is Ready or ends as asked. */
export async function pollTask(state: BflState, reply: Reply, id: string) {
  state.polls.push(id);
  const task = state.running.get(id);
  const answer = (status: string, extra: Record<string, unknown> = {}) =>
    reply.json(200, { id, status, result: null, progress: null, details: null, preview: null, ...extra });
  if (!task) return answer("Task not found");
  if (state.control.stall === "poll") return reply.stall();
  task.polls++;
  if (task.status === "Pending") await advance(state, task);
  if (!state.running.has(id)) return answer("Task not found");
  switch (task.status) {
    case "Pending":
      return answer("Pending", { progress: Math.min(0.9, task.polls / (state.control.pollsPending + 1)) });
    case "Ready":
      return answer("Ready", {
        progress: 1,
        result: {
          sample: task.sample,
          prompt: task.prompt,
          seed: task.seed,
          start_time: Date.now() / 1000 - 3,
          end_time: Date.now() / 1000,
          duration: 3,
        },
      });
    case "Error":
      return answer("Error", { details: { error: "Internal processing error: the model worker crashed" } });
    default:
      return answer(task.status, { details: { "Moderation Reasons": ["Derivative Works Filter"] } });
  }
}

async function advance(state: BflState, task: Task) {
  if (task.failure === "request_moderated") return void (task.status = "Request Moderated");
  if (task.failure === "task_not_found") {
    state.running.delete(task.id);
    return;
  }
  if (state.control.holdPending || task.polls <= state.control.pollsPending) return;
  if (task.failure === "content_moderated") return void (task.status = "Content Moderated");
  if (task.failure === "task_error") return void (task.status = "Error");
  const extension = task.format === "png" ? "png" : "jpeg";
  const path = `/delivery/${task.id}/sample.${extension}`;
  state.outputs.set(path, {
    contentType: `image/${task.format}`,
    data: await renderImage(task.size, task.format, task.prompt),
  });
  // Signed as BFL's delivery links are; the signature is for show.
  task.sample = `${state.url}${path}?se=${new Date(Date.now() + 600_000).toISOString()}&sig=fake`;
  task.status = "Ready";
}
