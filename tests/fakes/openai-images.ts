// A local stand-in for OpenAI's Images API, speaking its wire format: JSON
// generations, multipart edits, b64_json results with usage, and the real error
// bodies for moderation (400), rate limits (429) and server errors (500), the
// models list a connection check reads, and a service that answers with headers
// and then stalls the body. "Bearer sk-invalid" is refused with a 401.
// Behaviour is set through POST /__control. Run alone: node tests/fakes/openai-images.ts <port>
import { takeConnectionFault, type ConnectionFaultCounts, type ConnectionFaultRule } from "./connection-faults.ts";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface FakeOpenAIControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** Share of requests (0–1) answered with a 500, at random. */
  failureRate: number;
  /** The next N requests fail with this kind, then normal service resumes. */
  failNext: { kind: "moderation" | "rate_limit" | "server_error"; count: number } | null;
  /** Every request fails with this kind until changed. */
  failAlways: "moderation" | "rate_limit" | "server_error" | null;
  /**
   * Sends 200 and its headers and the first bytes of the body, then nothing more until
   * the client gives up: for requests whose prompt contains `prompt` (every one, the models
   * list included, when null).
   */
  stallBody: { prompt: string | null } | null;
  /** Requests whose prompt contains this text are refused by moderation, as content is. */
  refusePrompt: string | null;
  /** Requests whose prompt contains `prompt` fail with this kind (one image of several failing). */
  failPrompt: { prompt: string; kind: "moderation" | "rate_limit" | "server_error" } | null;
}

/** What stalled answers saw: how many began, and how many the client abandoned. */
export interface StallCounts {
  started: number;
  abandoned: number;
}

const normalService = (): FakeOpenAIControl => ({
  connectionFault: null,
  latencyMs: 0,
  failureRate: 0,
  failNext: null,
  failAlways: null,
  stallBody: null,
  refusePrompt: null,
  failPrompt: null,
});

export interface RecordedRequest {
  path: string;
  contentType: string;
  authorization: string;
  fields: Record<string, string>;
  imageCount: number;
  /** The input images' SHA-256, in order (the first is the one a mask applies to). */
  imageHashes: string[];
  /** The input images' sizes, in order. */
  imageSizes: { width: number; height: number }[];
  /** The mask sent with an edit: its size and whether it has an alpha channel. */
  mask: { width: number; height: number; hasAlpha: boolean; transparentPixels: number } | null;
}

const SIZES: Record<string, [number, number]> = {
  "1024x1024": [1024, 1024],
  "1024x1536": [1024, 1536],
  "1536x1024": [1536, 1024],
  auto: [1024, 1024],
};

function errorBody(kind: NonNullable<FakeOpenAIControl["failAlways"]>): [number, unknown] {
  if (kind === "moderation") {
    return [
      400,
      {
        error: {
          message: "Your request was rejected as a result of our safety system.",
          type: "image_generation_user_error",
          param: null,
          code: "moderation_blocked",
        },
      },
    ];
  }
  if (kind === "rate_limit") {
    return [
      429,
      {
        error: { message: "Rate limit reached for images", type: "requests", param: null, code: "rate_limit_exceeded" },
      },
    ];
  }
  return [
    500,
    {
      error: {
        message: "The server had an error while processing your request.",
        type: "server_error",
        param: null,
        code: null,
      },
    },
  ];
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses multipart/form-data the way the API does: text fields, and `image`/`image[]` files. */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; images: Buffer[]; mask: Buffer | null } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2]}`);
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  let mask: Buffer | null = null;
  let start = body.indexOf(marker);
  while (start !== -1) {
    const next = body.indexOf(marker, start + marker.length);
    if (next === -1) break;
    const part = body.subarray(start + marker.length + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, headerEnd).toString();
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]+)"/.exec(headers)?.[1] ?? "";
    if (/filename="/.test(headers)) {
      if (name === "image" || name === "image[]") images.push(content);
      if (name === "mask") mask = content;
    } else {
      fields[name] = content.toString();
    }
    start = next;
  }
  return { fields, images, mask };
}

/** What the API checks of a mask: a PNG with an alpha channel, the first image's exact size. */
export async function readMask(mask: Buffer, image: Buffer): Promise<RecordedRequest["mask"] | string> {
  const [maskMeta, imageMeta] = await Promise.all([sharp(mask).metadata(), sharp(image).metadata()]).catch(() => [
    null,
    null,
  ]);
  if (!maskMeta || maskMeta.format !== "png") return "Invalid mask image: the mask must be a PNG.";
  if (!maskMeta.hasAlpha) return "Invalid mask image: the mask must have an alpha channel.";
  if (maskMeta.width !== imageMeta?.width || maskMeta.height !== imageMeta?.height) {
    return `Invalid mask image: mask (${maskMeta.width}x${maskMeta.height}) and image (${imageMeta?.width}x${imageMeta?.height}) must have the same dimensions.`;
  }
  const alpha = await sharp(mask).extractChannel("alpha").raw().toBuffer();
  let transparentPixels = 0;
  for (const value of alpha) if (value === 0) transparentPixels++;
  return { width: maskMeta.width!, height: maskMeta.height!, hasAlpha: true, transparentPixels };
}

// Rendered once per (size, background, colour): the fake should cost its configured latency, not CPU.
const rendered = new Map<string, Promise<string>>();
/** The models GET /v1/models lists. */
const MODELS = ["gpt-image-1.5", "gpt-image-1", "gpt-image-1-mini", "gpt-4o-mini"];
const COLOURS = ["#f4a23c", "#2a9d8f", "#e76f51", "#264653", "#8e5cf7", "#3a86ff"];

function renderImageBase64(options: { size: string; background: string; seedText: string }): Promise<string> {
  let hash = 0;
  for (const c of options.seedText) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length]!;
  const key = `${options.size}|${options.background}|${colour}`;
  if (!rendered.has(key))
    rendered.set(
      key,
      renderImage({ size: options.size, background: options.background, colour }).then((png) => png.toString("base64")),
    );
  return rendered.get(key)!;
}

async function renderImage(options: { size: string; background: string; colour: string }): Promise<Buffer> {
  const [width, height] = SIZES[options.size] ?? SIZES["1024x1024"]!;
  const colour = options.colour;
  const transparent = options.background === "transparent";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${
    transparent ? "" : `<rect width="100%" height="100%" fill="#f4f1ea"/>`
  }<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="${colour}"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return (transparent ? image.ensureAlpha() : image.flatten({ background: "#f4f1ea" })).png().toBuffer();
}

export async function startFakeOpenAI(port = 0) {
  const control: FakeOpenAIControl = normalService();
  const connectionFaults: ConnectionFaultCounts = { matched: 0, faulted: 0 };
  const requests: RecordedRequest[] = [];
  /** The Authorization header of each GET /v1/models. */
  const modelListings: string[] = [];
  const stalls: StallCounts = { started: 0, abandoned: 0 };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "x-request-id": `req_${Date.now()}` });
      res.end(JSON.stringify(body));
    };
    // The headers go out at once (a client's header timer is satisfied), the body never ends.
    const stallBody = () => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": "application/json", "x-request-id": `req_${Date.now()}` });
      res.write('{"created":');
      res.on("close", () => stalls.abandoned++);
    };
    if (takeConnectionFault(control.connectionFault, connectionFaults, req)) return;
    const body = await readBody(req);

    if (url.pathname === "/__control") {
      if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
      if (req.method === "DELETE") {
        Object.assign(control, normalService());
        requests.length = 0;
        modelListings.length = 0;
        Object.assign(stalls, { started: 0, abandoned: 0 });
        Object.assign(connectionFaults, { matched: 0, faulted: 0 });
      }
      return json(200, { control, requests: requests.length, stalls });
    }
    if (url.pathname === "/__requests") return json(200, requests);
    if (url.pathname === "/__model-listings") return json(200, modelListings);
    if (url.pathname === "/healthz") return json(200, { ok: true });

    const isGeneration = url.pathname === "/v1/images/generations";
    const isEdit = url.pathname === "/v1/images/edits";
    const isModels = req.method === "GET" && url.pathname === "/v1/models";
    if (!isModels && (req.method !== "POST" || (!isGeneration && !isEdit)))
      return json(404, { error: { message: "Not found", type: "invalid_request_error" } });
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      return json(401, {
        error: { message: "You didn't provide an API key.", type: "invalid_request_error", code: null },
      });
    }
    if (req.headers.authorization === "Bearer sk-invalid") {
      return json(401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }
    // The free, authenticated call a connection check makes; counted apart from image requests.
    if (isModels) {
      modelListings.push(req.headers.authorization);
      if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));
      if (control.stallBody?.prompt === null) return stallBody();
      return json(200, {
        object: "list",
        data: MODELS.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "system" })),
      });
    }

    const contentType = req.headers["content-type"] ?? "";
    let fields: Record<string, string>;
    let inputImages: Buffer[] = [];
    let mask: RecordedRequest["mask"] = null;
    if (isEdit) {
      let maskFile: Buffer | null;
      if (!contentType.startsWith("multipart/form-data"))
        return json(400, { error: { message: "Expected multipart/form-data", type: "invalid_request_error" } });
      ({ fields, images: inputImages, mask: maskFile } = parseMultipart(body, contentType));
      if (inputImages.length === 0)
        return json(400, { error: { message: "image is required", type: "invalid_request_error", param: "image" } });
      if (inputImages.length > 16)
        return json(400, { error: { message: "Too many images", type: "invalid_request_error", param: "image" } });
      if (maskFile) {
        const checked = await readMask(maskFile, inputImages[0]!);
        if (typeof checked === "string")
          return json(400, { error: { message: checked, type: "invalid_request_error", param: "mask", code: null } });
        mask = checked;
      }
    } else {
      fields = Object.fromEntries(Object.entries(JSON.parse(body.toString())).map(([k, v]) => [k, String(v)]));
    }
    requests.push({
      path: url.pathname,
      contentType,
      authorization: req.headers.authorization,
      fields,
      imageCount: inputImages.length,
      imageHashes: inputImages.map((image) => createHash("sha256").update(image).digest("hex")),
      imageSizes: await Promise.all(
        inputImages.map(async (image) => {
          const meta = await sharp(image)
            .metadata()
            .catch(() => null);
          return { width: meta?.width ?? 0, height: meta?.height ?? 0 };
        }),
      ),
      mask,
    });

    if (!fields.prompt)
      return json(400, { error: { message: "prompt is required", type: "invalid_request_error", param: "prompt" } });
    if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));
    let failure = control.failAlways;
    if (!failure && control.failNext && control.failNext.count > 0) {
      failure = control.failNext.kind;
      control.failNext.count--;
    }
    if (!failure && control.refusePrompt && fields.prompt.includes(control.refusePrompt)) failure = "moderation";
    if (!failure && control.failPrompt && fields.prompt.includes(control.failPrompt.prompt)) {
      failure = control.failPrompt.kind;
    }
    if (!failure && control.failureRate > 0 && Math.random() < control.failureRate) failure = "server_error";
    if (failure) {
      const [status, errorPayload] = errorBody(failure);
      return json(status, errorPayload);
    }
    const stall = control.stallBody;
    if (stall && (stall.prompt === null || fields.prompt.includes(stall.prompt))) return stallBody();

    const n = Number(fields.n ?? 1);
    const size = fields.size ?? "1024x1024";
    const data = [];
    for (let i = 0; i < n; i++) {
      const b64 = await renderImageBase64({
        size,
        background: fields.background ?? "auto",
        seedText: `${fields.prompt}${i}`,
      });
      data.push({ b64_json: b64 });
    }
    json(200, {
      created: Math.floor(Date.now() / 1000),
      background: fields.background === "transparent" ? "transparent" : "opaque",
      output_format: fields.output_format ?? "png",
      quality: fields.quality ?? "auto",
      size,
      data,
      usage: {
        input_tokens: 50 + inputImages.length * 300,
        input_tokens_details: { image_tokens: inputImages.length * 300, text_tokens: 50 },
        output_tokens: 272 * n,
        total_tokens: 50 + inputImages.length * 300 + 272 * n,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    control,
    requests,
    modelListings,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    stalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAI(Number(process.argv[2]));
  console.log(`Fake OpenAI Images API on ${fake.url}`);
}
