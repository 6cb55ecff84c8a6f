// A local stand-in for fal.ai, speaking its wire format on one port for all of fal's
// hosts (the provider's base URL rewrites queue.fal.run, rest.fal.ai and api.fal.ai
// onto it): the queue (submit, status with logs, result, cancel), storage uploads
// (initiate, then a PUT of the bytes to the signed URL), the files it serves (uploads
// and output images, real PNGs or JPEGs made with sharp at the asked aspect ratio, or at
// the image's size for FLUX.1 Fill, or for ESRGAN (fal-ai/esrgan) the input image itself
// resized by `scale`, opaque as ESRGAN answers, as one `image` rather than `images`), and
// the pricing list a connection check reads. "Authorization: Key <key>" is checked. Input
// images are downloaded as fal's runners do: every image_urls entry, and Fill's and ESRGAN's
// image_url and Fill's mask_url, must be a file this fake's storage served (an upload),
// decode as an image, and a mask must be its image's size; ESRGAN's scale must be a number
// from 1 to 8; otherwise the submission is refused with fal's 422 validation body.
// Failures and stalls are set through `control` (or POST /__control).
// Run alone: node tests/fakes/fal-api.ts <port>
import { takeConnectionFault, type ConnectionFaultCounts, type ConnectionFaultRule } from "./connection-faults.ts";
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export const FAKE_FAL_KEY = "fal-key-id:fal-key-secret";

/** Failures at submission (429, 500), or of the job itself, seen in its result (422 content policy, 500). */
export type FalFailure = "rate_limit" | "server_error" | "content_policy" | "runner_error";

export interface FakeFalControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N submissions fail with this kind, then normal service resumes. */
  failNext: { kind: FalFailure; count: number } | null;
  /** Every submission fails with this kind until changed. */
  failAlways: FalFailure | null;
  /** Results flag every image with has_nsfw_concepts (and, as fal does, the image is black). */
  nsfw: boolean;
  /** Jobs stay IN_PROGRESS, logging, until cancelled. */
  holdInProgress: boolean;
  /** Status polls a job answers IN_QUEUE, then IN_PROGRESS (with step logs), before COMPLETED. */
  pollsQueued: number;
  pollsInProgress: number;
  /** Answers JPEG whatever output_format asked (fal's default format). */
  forceJpeg: boolean;
  /** Sends 200, its headers and a first byte, then nothing, on this kind of call. */
  stall: "submit" | "status" | "result" | "file" | null;
}

const normalService = (): FakeFalControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  nsfw: false,
  holdInProgress: false,
  forceJpeg: false,
  pollsQueued: 1,
  pollsInProgress: 2,
  stall: null,
});

/** One queue submission as fal received it. */
export interface RecordedSubmission {
  requestId: string;
  /** The endpoint id submitted to, e.g. fal-ai/flux-pro/kontext/max/multi. */
  model: string;
  input: Record<string, unknown>;
  /** How many of input.image_urls are files uploaded to this fake's storage. */
  uploadedReferences: number;
  /** The files input.image_urls named, in order, as the fake downloaded them from its storage. */
  images: ReceivedImage[];
  /** FLUX.1 Fill's or ESRGAN's image_url, as downloaded; null on other endpoints. */
  image: ReceivedImage | null;
  /** FLUX.1 Fill's mask_url (white where to repaint), as downloaded; null on other endpoints. */
  mask: ReceivedImage | null;
  /** ESRGAN's scale (2 when not sent, fal's default); null on other endpoints. */
  scale: number | null;
  headers: Record<string, string | undefined>;
}

/** An input image as fal's runner received it: one of the files its storage served. */
export interface ReceivedImage {
  url: string;
  /** The sha256 of the file's bytes. */
  sha256: string;
  width: number;
  height: number;
  /** The file has an alpha channel. */
  hasAlpha: boolean;
  /** Pixels whose grey is at least half white: a mask's painted region. */
  whitePixels: number;
}

export interface RecordedUpload {
  contentType: string;
  fileName: string;
  bytes: number;
  /** The sha256 of the bytes PUT to the signed URL. */
  sha256: string;
  /** The X-Fal-Object-Lifecycle header of the initiate call. */
  lifecycle: string | undefined;
}

/** Endpoints the fake serves, with their price per image, as fal's pricing list has them. */
export const FAL_PRICES: Record<string, number> = {
  "fal-ai/flux-pro/kontext/max/multi": 0.08,
  "fal-ai/flux-pro/kontext/max/text-to-image": 0.08,
  "fal-ai/flux-pro/kontext/max": 0.08,
  "fal-ai/flux-pro/kontext/multi": 0.04,
  "fal-ai/flux-pro/kontext/text-to-image": 0.04,
  "fal-ai/flux-pro/kontext": 0.04,
  "fal-ai/flux-pro/v1/fill": 0.05,
  "fal-ai/esrgan": 0.00111,
};
/** The unit each price is for ("image" unless listed). */
const FAL_PRICE_UNITS: Record<string, string> = {
  "fal-ai/flux-pro/v1/fill": "megapixels",
  "fal-ai/esrgan": "compute seconds",
};
/** Endpoints that repaint the white region of a mask: image_url and mask_url, no aspect ratio. */
const isFill = (model: string) => /\/fill$/.test(model);
/** Upscalers: image_url and scale, no prompt; they answer one `image`, opaque. */
const isUpscaler = (model: string) => model === "fal-ai/esrgan";
/** ESRGAN's scale when the input has none. */
const DEFAULT_SCALE = 2;
/** The models ESRGAN takes. */
const ESRGAN_MODELS = [
  "RealESRGAN_x4plus",
  "RealESRGAN_x2plus",
  "RealESRGAN_x4plus_anime_6B",
  "RealESRGAN_x4_v3",
  "RealESRGAN_x4_wdn_v3",
  "RealESRGAN_x4_anime_v3",
];
const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21"];
/** About one megapixel at each ratio, as FLUX.1 Kontext answers. */
const DIMENSIONS: Record<string, [number, number]> = {
  "21:9": [1568, 672],
  "16:9": [1392, 752],
  "4:3": [1184, 880],
  "3:2": [1248, 832],
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:4": [880, 1184],
  "9:16": [752, 1392],
  "9:21": [672, 1568],
};

interface Job {
  id: string;
  owner: string;
  alias: string;
  input: Record<string, unknown>;
  /** The output's size: the aspect ratio's, Fill's image's, or ESRGAN's image's times its scale. */
  size: [number, number];
  /** ESRGAN's input file, which its output is made from; null on other endpoints. */
  source: Buffer | null;
  polls: number;
  cancelled: boolean;
  completed: boolean;
  /** How the job ends: images, or an error answered by the result endpoint. */
  failure: "content_policy" | "runner_error" | null;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const rendered = new Map<string, Promise<Buffer>>();
function renderImage([width, height]: [number, number], format: "png" | "jpeg", black: boolean): Promise<Buffer> {
  const key = `${width}x${height}|${format}|${black}`;
  if (!rendered.has(key)) {
    const svg = black
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    const image = sharp(Buffer.from(svg)).flatten({ background: "#f4f1ea" });
    rendered.set(key, (format === "jpeg" ? image.jpeg() : image.png()).toBuffer());
  }
  return rendered.get(key)!;
}

export async function startFakeFal(options: { port?: number; key?: string } = {}) {
  const key = options.key ?? FAKE_FAL_KEY;
  const control: FakeFalControl = normalService();
  const connectionFaults: ConnectionFaultCounts = { matched: 0, faulted: 0 };
  const submissions: RecordedSubmission[] = [];
  const uploads: RecordedUpload[] = [];
  /** Request ids a cancel PUT named. */
  const cancels: string[] = [];
  /** The endpoint_id query of each pricing call. */
  const pricingCalls: string[][] = [];
  const stalls = { started: 0, abandoned: 0 };
  /** Every POST to the queue, accepted or not. */
  const calls = { submit: 0 };
  const jobs = new Map<string, Job>();
  /** Uploaded and generated files, by path under /files/. */
  const files = new Map<string, { contentType: string; data: Buffer }>();
  /** Signed upload URLs not used yet: token → file path. */
  const pendingUploads = new Map<string, { path: string; contentType: string; upload: RecordedUpload }>();
  let url = "";

  const server: Server = createServer(async (req, res) => {
    const requestUrl = new URL(req.url ?? "/", "http://localhost");
    const path = requestUrl.pathname;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const stall = (contentType = "application/json") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": contentType });
      res.write(contentType === "application/json" ? "{" : "\x89");
      res.on("close", () => stalls.abandoned++);
    };
    if (takeConnectionFault(control.connectionFault, connectionFaults, req)) return;
    const body = await readBody(req);

    if (path === "/__control") {
      if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
      if (req.method === "DELETE") reset();
      return json(200, { control, submissions: submissions.length, cancels, stalls });
    }
    if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

    // Files on the CDN and signed upload URLs are public; everything else needs the key.
    if (req.method === "GET" && path.startsWith("/files/")) {
      const file = files.get(path.slice("/files/".length));
      if (!file) return json(404, { detail: "Not Found" });
      if (control.stall === "file" && path.startsWith("/files/output/")) return stall(file.contentType);
      res.writeHead(200, { "Content-Type": file.contentType, "Content-Length": String(file.data.length) });
      return res.end(file.data);
    }
    if (req.method === "PUT" && path.startsWith("/__storage/put/")) {
      const pending = pendingUploads.get(path.slice("/__storage/put/".length));
      if (!pending) return json(403, { detail: "Invalid or expired signature" });
      pendingUploads.delete(path.slice("/__storage/put/".length));
      files.set(pending.path, { contentType: pending.contentType, data: body });
      pending.upload.bytes = body.length;
      pending.upload.sha256 = createHash("sha256").update(body).digest("hex");
      res.writeHead(200);
      return res.end();
    }

    if (req.headers.authorization !== `Key ${key}`) {
      return json(401, { detail: "No user found for Key ID and Secret" });
    }

    if (req.method === "GET" && path === "/v1/models/pricing") {
      const ids = requestUrl.searchParams.getAll("endpoint_id").flatMap((v) => v.split(","));
      pricingCalls.push(ids);
      return json(200, {
        prices: ids
          .filter((id) => id in FAL_PRICES)
          .map((id) => ({
            endpoint_id: id,
            unit_price: FAL_PRICES[id],
            unit: FAL_PRICE_UNITS[id] ?? "image",
            currency: "USD",
          })),
        next_cursor: null,
        has_more: false,
      });
    }

    if (req.method === "POST" && path === "/storage/upload/initiate") {
      const { content_type: contentType, file_name: fileName } = JSON.parse(body.toString()) as {
        content_type: string;
        file_name: string;
      };
      const token = randomUUID();
      const filePath = `uploads/${token}/${fileName}`;
      const lifecycle = req.headers["x-fal-object-lifecycle"];
      const upload = {
        contentType,
        fileName,
        bytes: 0,
        sha256: "",
        lifecycle: typeof lifecycle === "string" ? lifecycle : undefined,
      };
      uploads.push(upload);
      pendingUploads.set(token, { path: filePath, contentType, upload });
      return json(200, {
        upload_url: `${url}/__storage/put/${token}?X-Goog-Signature=fake`,
        file_url: `${url}/files/${filePath}`,
      });
    }

    const queue = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path);
    if (queue) {
      const [, owner, alias, id, action] = queue;
      const job = jobs.get(id!);
      if (!job || job.owner !== owner || job.alias !== alias) return json(404, { detail: "Request not found" });
      if (action === "/cancel" && req.method === "PUT") {
        cancels.push(job.id);
        if (job.completed) return json(400, { status: "ALREADY_COMPLETED" });
        job.cancelled = true;
        job.completed = true;
        return json(202, { status: "CANCELLATION_REQUESTED" });
      }
      if (action === "/status" && req.method === "GET") return status(job, requestUrl.searchParams.get("logs") === "1");
      if (!action && req.method === "GET") return result(job);
      return json(405, { detail: "Method Not Allowed" });
    }

    if (req.method === "POST") return submit(path.slice(1), body);
    return json(404, { detail: "Not Found" });

    async function submit(model: string, raw: Buffer) {
      calls.submit++;
      if (!(model in FAL_PRICES)) return json(404, { detail: `Application '${model}' not found` });
      let failure = control.failAlways;
      if (!failure && control.failNext && control.failNext.count > 0) {
        failure = control.failNext.kind;
        control.failNext.count--;
      }
      if (failure === "rate_limit") {
        return json(429, { detail: "You have exceeded the concurrent request limit for your account." });
      }
      if (failure === "server_error") {
        return json(
          500,
          { detail: "Internal server error", error_type: "internal_error" },
          { "X-Fal-Error-Type": "internal_error" },
        );
      }
      if (control.stall === "submit") return stall();
      const input = JSON.parse(raw.toString() || "{}") as Record<string, unknown>;
      const imageUrls = Array.isArray(input.image_urls) ? (input.image_urls as unknown[]) : [];
      const invalid = validate(model, input, imageUrls);
      if (invalid) return json(422, { detail: [invalid] });
      const received = await download(model, input, imageUrls);
      if ("error" in received) return json(422, { detail: [received.error] });
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
              : (DIMENSIONS[String(input.aspect_ratio ?? "1:1")] ?? DIMENSIONS["1:1"]!),
        source: scale !== null && received.image ? fileAt(received.image.url)!.data : null,
        polls: 0,
        cancelled: false,
        completed: false,
        failure: failure === "content_policy" || failure === "runner_error" ? failure : null,
      };
      jobs.set(job.id, job);
      submissions.push({
        requestId: job.id,
        model,
        input,
        uploadedReferences: imageUrls.filter((u) => typeof u === "string" && files.has(u.replace(`${url}/files/`, "")))
          .length,
        ...received,
        scale,
        headers: {
          priority: header("x-fal-queue-priority"),
          lifecycle: header("x-fal-object-lifecycle-preference"),
          timeout: header("x-fal-request-timeout"),
        },
      });
      const base = `${url}/${owner}/${alias}/requests/${job.id}`;
      return json(200, {
        status: "IN_QUEUE",
        request_id: job.id,
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        queue_position: 0,
      });
    }

    function header(name: string) {
      const value = req.headers[name];
      return typeof value === "string" ? value : undefined;
    }

    function validate(model: string, input: Record<string, unknown>, imageUrls: unknown[]) {
      const error = (loc: string[], msg: string, type: string) => ({ loc, msg, type });
      if (isUpscaler(model)) return validateUpscale(input);
      if (typeof input.prompt !== "string" || !input.prompt)
        return error(["body", "prompt"], "Field required", "missing");
      if (model.endsWith("/multi") && imageUrls.length === 0)
        return error(["body", "image_urls"], "Field required", "missing");
      if (input.aspect_ratio !== undefined && !ASPECT_RATIOS.includes(String(input.aspect_ratio)))
        return error(["body", "aspect_ratio"], `Input should be ${ASPECT_RATIOS.join(", ")}`, "enum");
      const n = input.num_images ?? 1;
      if (typeof n !== "number" || n < 1 || n > 4)
        return error(["body", "num_images"], "Input should be between 1 and 4", "less_than_equal");
      if (input.output_format !== undefined && !["jpeg", "png"].includes(String(input.output_format)))
        return error(["body", "output_format"], "Input should be 'jpeg' or 'png'", "enum");
      for (const u of imageUrls)
        if (typeof u !== "string" || !/^https?:\/\//.test(u))
          return error(["body", "image_urls"], "Input should be a valid URL", "url_parsing");
      if (isFill(model)) {
        for (const field of ["image_url", "mask_url"]) {
          if (input[field] === undefined) return error(["body", field], "Field required", "missing");
          if (typeof input[field] !== "string" || !/^https?:\/\//.test(input[field]))
            return error(["body", field], "Input should be a valid URL", "url_parsing");
        }
      }
      return null;
    }

    /** ESRGAN's input, as its schema has it: an image URL, a scale from 1 to 8, one of its models. */
    function validateUpscale(input: Record<string, unknown>) {
      const error = (loc: string[], msg: string, type: string) => ({ loc, msg, type });
      if (input.image_url === undefined) return error(["body", "image_url"], "Field required", "missing");
      if (typeof input.image_url !== "string" || !/^https?:\/\//.test(input.image_url))
        return error(["body", "image_url"], "Input should be a valid URL", "url_parsing");
      const scale = input.scale ?? DEFAULT_SCALE;
      if (typeof scale !== "number" || !Number.isFinite(scale))
        return error(["body", "scale"], "Input should be a valid number", "float_type");
      if (scale < 1)
        return error(["body", "scale"], "Input should be greater than or equal to 1", "greater_than_equal");
      if (scale > 8) return error(["body", "scale"], "Input should be less than or equal to 8", "less_than_equal");
      if (input.model !== undefined && !ESRGAN_MODELS.includes(String(input.model)))
        return error(["body", "model"], `Input should be ${ESRGAN_MODELS.map((m) => `'${m}'`).join(", ")}`, "enum");
      if (input.output_format !== undefined && !["jpeg", "png"].includes(String(input.output_format)))
        return error(["body", "output_format"], "Input should be 'jpeg' or 'png'", "enum");
      return null;
    }

    /**
     * Downloads the input images as fal's runner does, from this fake's storage: a URL it did
     * not serve cannot be downloaded, a file that is not an image cannot be loaded, and Fill's
     * mask must be its image's size.
     */
    async function download(
      model: string,
      input: Record<string, unknown>,
      imageUrls: unknown[],
    ): Promise<
      | { images: ReceivedImage[]; image: ReceivedImage | null; mask: ReceivedImage | null }
      | { error: { loc: (string | number)[]; msg: string; type: string; url?: string } }
    > {
      const images: ReceivedImage[] = [];
      for (const [i, u] of imageUrls.entries()) {
        const got = await receive(String(u), ["body", "image_urls", i]);
        if ("error" in got) return got;
        images.push(got);
      }
      if (isUpscaler(model)) {
        const image = await receive(String(input.image_url), ["body", "image_url"]);
        return "error" in image ? image : { images, image, mask: null };
      }
      if (!isFill(model)) return { images, image: null, mask: null };
      const image = await receive(String(input.image_url), ["body", "image_url"]);
      if ("error" in image) return image;
      const mask = await receive(String(input.mask_url), ["body", "mask_url"]);
      if ("error" in mask) return mask;
      if (mask.width !== image.width || mask.height !== image.height) {
        return {
          error: {
            loc: ["body", "mask_url"],
            msg: `The mask must be the same size as the image: the image is ${image.width}x${image.height}, the mask is ${mask.width}x${mask.height}.`,
            type: "value_error",
          },
        };
      }
      return { images, image, mask };
    }

    async function receive(
      address: string,
      loc: (string | number)[],
    ): Promise<ReceivedImage | { error: { loc: (string | number)[]; msg: string; type: string; url: string } }> {
      const file = fileAt(address);
      if (!file) {
        return {
          error: {
            loc,
            msg: "Failed to download the file. Please check if the URL is accessible and try again.",
            type: "file_download_error",
            url: "https://docs.fal.ai/errors#file_download_error",
          },
        };
      }
      try {
        const { hasAlpha } = await sharp(file.data).metadata();
        const { data, info } = await sharp(file.data).greyscale().raw().toBuffer({ resolveWithObject: true });
        let whitePixels = 0;
        for (let p = 0; p < info.width * info.height; p++) if (data[p * info.channels]! >= 128) whitePixels++;
        return {
          url: address,
          sha256: createHash("sha256").update(file.data).digest("hex"),
          width: info.width,
          height: info.height,
          hasAlpha: Boolean(hasAlpha),
          whitePixels,
        };
      } catch {
        return {
          error: {
            loc,
            msg: "Failed to load the image. Please ensure the image file is not corrupted and is in a supported format.",
            type: "image_load_error",
            url: "https://docs.fal.ai/errors#image_load_error",
          },
        };
      }
    }

    /** One of the files this fake's storage serves, by its address. */
    function fileAt(address: string) {
      return address.startsWith(`${url}/files/`) ? files.get(address.slice(`${url}/files/`.length)) : undefined;
    }

    function base(job: Job) {
      const prefix = `${url}/${job.owner}/${job.alias}/requests/${job.id}`;
      return {
        request_id: job.id,
        response_url: prefix,
        status_url: `${prefix}/status`,
        cancel_url: `${prefix}/cancel`,
      };
    }

    function status(job: Job, withLogs: boolean) {
      if (control.stall === "status") return stall();
      const poll = job.polls++;
      const log = (message: string) => ({
        message,
        level: "INFO",
        source: "USER",
        timestamp: new Date().toISOString(),
      });
      if (job.completed || (!control.holdInProgress && poll >= control.pollsQueued + control.pollsInProgress)) {
        job.completed = true;
        return json(200, {
          status: "COMPLETED",
          ...base(job),
          logs: withLogs ? [log("Generation finished")] : null,
          metrics: { inference_time: job.cancelled ? null : 1.25 },
          ...(job.cancelled ? { error: "Request was cancelled", error_type: "client_cancelled" } : {}),
        });
      }
      if (poll < control.pollsQueued) {
        return json(200, { status: "IN_QUEUE", ...base(job), queue_position: control.pollsQueued - poll - 1 });
      }
      // A sampler's progress, the way fal's runners log it: "<step>/<steps>".
      const step = Math.min(poll - control.pollsQueued + 1, control.pollsInProgress);
      const steps = control.pollsInProgress + 1;
      return json(200, {
        status: "IN_PROGRESS",
        ...base(job),
        logs: withLogs
          ? [log("Starting generation"), log(`${Math.round((step / steps) * 100)}%| ${step}/${steps}`)]
          : null,
      });
    }

    async function result(job: Job) {
      if (!job.completed) return json(400, { detail: "Request is still in progress" });
      if (job.cancelled) return json(499, { detail: "Request was cancelled", error_type: "client_cancelled" });
      if (job.failure === "content_policy") {
        return json(422, {
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
        return json(500, {
          detail: "The runner encountered an internal server error",
          error_type: "runner_server_error",
        });
      }
      if (control.stall === "result") return stall();
      const format = job.input.output_format === "png" && !control.forceJpeg ? "png" : "jpeg";
      if (job.source) return upscaled(job, job.source, format);
      const n = Number(job.input.num_images ?? 1);
      const [width, height] = job.size;
      const images = [];
      for (let i = 0; i < n; i++) {
        const filePath = `output/${job.id}-${i}.${format === "png" ? "png" : "jpg"}`;
        files.set(filePath, {
          contentType: `image/${format}`,
          data: await renderImage(job.size, format, control.nsfw),
        });
        images.push({ url: `${url}/files/${filePath}`, width, height, content_type: `image/${format}` });
      }
      return json(
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
    async function upscaled(job: Job, source: Buffer, format: "png" | "jpeg") {
      const [width, height] = job.size;
      const image = sharp(source)
        .flatten({ background: "#000000" })
        .resize({ width, height, kernel: "lanczos3", fit: "fill" });
      const data = await (format === "png" ? image.png() : image.jpeg()).toBuffer();
      const fileName = `${job.id}.${format === "png" ? "png" : "jpg"}`;
      files.set(`output/${fileName}`, { contentType: `image/${format}`, data });
      return json(
        200,
        {
          image: {
            url: `${url}/files/output/${fileName}`,
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
  });

  function reset() {
    Object.assign(control, normalService());
    submissions.length = 0;
    uploads.length = 0;
    cancels.length = 0;
    pricingCalls.length = 0;
    Object.assign(stalls, { started: 0, abandoned: 0 });
    Object.assign(connectionFaults, { matched: 0, faulted: 0 });
    calls.submit = 0;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    key,
    control,
    submissions,
    uploads,
    cancels,
    pricingCalls,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    stalls,
    calls,
    /** Back to normal service, with nothing recorded. */
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeFal({ port: Number(process.argv[2]) });
  console.log(`Fake fal.ai on ${fake.url}`);
}
