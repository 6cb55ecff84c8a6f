// The fake WebUI's txt2img and img2img: the request checked as the WebUI's API would take it
// (its sampler, its checkpoint, base64 images that decode, a mask of the init image's size), then
// run one at a time (the WebUI's queue lock) step by step, its progress shared with
// /sdapi/v1/progress, and answered as {images: [base64], parameters, info}. An interrupted run
// answers at once with its half-made image, as the WebUI does.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";
import type { Reply } from "./reply.ts";
import type { A1111State, ReceivedImage, RecordedRun } from "./state.ts";

export const FAKE_SAMPLERS = ["Euler a", "Euler", "DPM++ 2M", "DPM++ 2M Karras", "DDIM"];

type Body = Record<string, unknown>;

const invalid = (reply: Reply, field: string, msg: string) =>
  reply.json(422, { detail: [{ loc: ["body", field], msg, type: "value_error" }] });

async function describe(encoded: unknown, mask = false): Promise<ReceivedImage | null> {
  if (typeof encoded !== "string") return null;
  const data = Buffer.from(encoded.replace(/^data:image\/\w+;base64,/, ""), "base64");
  try {
    const { data: pixels, info } = await sharp(data).greyscale().raw().toBuffer({ resolveWithObject: true });
    const described: ReceivedImage = {
      width: info.width,
      height: info.height,
      sha256: createHash("sha256").update(data).digest("hex"),
    };
    if (mask) described.whitePixels = pixels.filter((value) => value > 127).length;
    return described;
  } catch {
    return null;
  }
}

const isInt = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** Checks one request; false when it has been answered with the WebUI's error. */
async function check(state: A1111State, reply: Reply, path: RecordedRun["path"], body: Body, run: RecordedRun) {
  if (typeof body.prompt !== "string" || !body.prompt.trim())
    return (invalid(reply, "prompt", "field required"), false);
  for (const field of ["width", "height"])
    if (!isInt(body[field], 64, 2048) || (body[field] as number) % 8 !== 0)
      return (invalid(reply, field, "must be a multiple of 8 from 64 to 2048"), false);
  if (!isInt(body.steps, 1, 150)) return (invalid(reply, "steps", "must be from 1 to 150"), false);
  if (!Number.isInteger(body.seed)) return (invalid(reply, "seed", "value is not a valid integer"), false);
  if (body.batch_size !== 1) return (invalid(reply, "batch_size", "Motif asks for one image per request"), false);
  if (typeof body.cfg_scale !== "number") return (invalid(reply, "cfg_scale", "value is not a valid float"), false);
  if (!FAKE_SAMPLERS.includes(body.sampler_name as string))
    return (reply.error(400, "HTTPException", "Sampler not found"), false);
  const checkpoint = (body.override_settings as Body | undefined)?.sd_model_checkpoint;
  // The WebUI matches a checkpoint by its title, or by its name without the hash (its file name).
  const known = (name: string) => state.checkpoints.some((title) => title === name || title.split(" [")[0] === name);
  if (checkpoint !== undefined && !known(String(checkpoint)))
    return (reply.error(404, "HTTPException", "Model not found"), false);
  if (path === "/sdapi/v1/txt2img") return true;
  if (!Array.isArray(body.init_images) || body.init_images.length === 0)
    return (reply.error(404, "HTTPException", "Init image not found"), false);
  for (const encoded of body.init_images) {
    const image = await describe(encoded);
    if (!image) return (reply.error(500, "HTTPException", "Invalid encoded image"), false);
    run.initImages.push(image);
  }
  const strength = body.denoising_strength;
  if (typeof strength !== "number" || strength < 0 || strength > 1)
    return (invalid(reply, "denoising_strength", "must be from 0 to 1"), false);
  if (body.mask !== undefined && body.mask !== null) {
    run.mask = await describe(body.mask, true);
    if (!run.mask) return (reply.error(500, "HTTPException", "Invalid encoded image"), false);
    const init = run.initImages[0]!;
    if (run.mask.width !== init.width || run.mask.height !== init.height)
      return (
        invalid(reply, "mask", `is ${run.mask.width}×${run.mask.height}, the init image ${init.width}×${init.height}`),
        false
      );
  }
  return true;
}

async function render(width: number, height: number, prompt: string, partial: boolean): Promise<string> {
  const background = partial ? "#7f7f7f" : paintedBackground(prompt, [-3, 5, -4]);
  const subject = partial
    ? ""
    : `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${subject}</svg>`;
  return (await sharp(Buffer.from(svg)).flatten({ background }).png().toBuffer()).toString("base64");
}

export async function runImage(
  state: A1111State,
  reply: Reply,
  path: RecordedRun["path"],
  raw: Buffer,
  authorization: string | undefined,
  isClosed: () => boolean,
) {
  let body: Body;
  try {
    body = JSON.parse(raw.toString()) as Body;
  } catch {
    return reply.json(422, { detail: [{ loc: ["body"], msg: "value is not a valid dict", type: "type_error.dict" }] });
  }
  const { init_images: _init, mask: _mask, ...rest } = body;
  const run: RecordedRun = { path, body: rest, initImages: [], mask: null, authorization, outcome: "running" };
  state.runs.push(run);
  if (!(await check(state, reply, path, body, run))) return;
  const { control } = state;
  if (control.failAlways === "server_error")
    return reply.error(500, "OutOfMemoryError", "", "CUDA out of memory. Tried to allocate 2.00 GiB");
  if (control.stall) return reply.stall();
  if (control.unexpected === "not-found") return reply.json(404, { detail: "Not Found" });

  // One run at a time, as the WebUI's queue lock makes it.
  const ahead = state.queue;
  let done = () => {};
  state.queue = new Promise<void>((resolve) => (done = resolve));
  await ahead;
  try {
    const steps = body.steps as number;
    const job = `2026${String(++state.jobs).padStart(10, "0")}`;
    Object.assign(state.progress, {
      job: path === "/sdapi/v1/txt2img" ? "scripts_txt2img" : "scripts_img2img",
      job_count: 1,
      job_no: 0,
      job_timestamp: job,
      interrupted: false,
      sampling_step: 0,
      sampling_steps: steps,
    });
    for (let step = 1; step <= steps && !state.progress.interrupted; step++) {
      await new Promise((resolve) => setTimeout(resolve, control.stepMs));
      state.progress.sampling_step = step;
      if (control.hold && step >= Math.ceil(steps / 2) && !state.progress.interrupted)
        await new Promise<void>((resolve) => (state.wake = resolve));
      state.wake = null;
    }
    const interrupted = state.progress.interrupted;
    // As the WebUI's state.end(): the job is over, its interrupted flag stays until the next begins.
    Object.assign(state.progress, { job: "", job_count: 0, sampling_step: 0, sampling_steps: 0 });
    run.outcome = interrupted ? "interrupted" : isClosed() ? "abandoned" : "finished";
    if (control.unexpected === "html")
      return reply.raw(200, "text/html; charset=utf-8", "<!doctype html><title>Stable Diffusion</title>");
    const image =
      control.unexpected === "bad-image"
        ? Buffer.from("not an image").toString("base64")
        : await render(body.width as number, body.height as number, body.prompt as string, interrupted);
    const info = { prompt: body.prompt, seed: body.seed, width: body.width, height: body.height, job_timestamp: job };
    return reply.json(200, { images: [image], parameters: rest, info: JSON.stringify(info) });
  } finally {
    done();
  }
}
