// A local stand-in for an OpenAI-compatible image server, answering as LocalAI does:
// GET /v1/models; POST /v1/images/generations (JSON) with a required `model` it serves, `size`
// as "WxH" (512x512 when it has no "x"), `n`, and `response_format`: "b64_json" answers base64,
// anything else a `url` on the address the request came to, served at /generated-images/.
// Parameters it does not know are ignored, as LocalAI's JSON decoding ignores them, and
// recorded; `control.refuseUnknown` refuses them instead, as stricter servers do. With
// `edits: true` it also answers POST /v1/images/edits (multipart image[]), as
// stable-diffusion.cpp's sd-server does; LocalAI has no such route (404). A key, when given,
// is required as "Authorization: Bearer <key>". Failures, stalls, held requests and unexpected
// answers are set through `control` (or POST /__control).
// Run alone: node tests/fakes/openai-compatible-api.ts <port>
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseMultipart, readBody } from "./openai-images.ts";
import { drawImage, localAIError, MODERATION_BLOCKED, parseSize, send } from "./openai-compatible-api/answers.ts";

/** What LocalAI's images request reads; anything else is ignored (or refused with refuseUnknown). */
const KNOWN = new Set([
  "model",
  "prompt",
  "n",
  "size",
  "response_format",
  "step",
  "mode",
  "seed",
  "file",
  "files",
  "ref_images",
]);

export interface FakeCompatibleControl {
  /** Every image request fails so: a forwarded OpenAI refusal, or the backend's 500. */
  failAlways: "moderation" | "server_error" | null;
  /** Requests whose prompt contains this text are refused with OpenAI's moderation answer. */
  refusePrompt: string | null;
  /** Refuses parameters it does not know with a 400 instead of ignoring them. */
  refuseUnknown: boolean;
  /** 200 and headers, then nothing until the client goes. */
  stall: boolean;
  /** No answer at all until the client goes (a long generation). */
  hold: boolean;
  /**
   * What a successful answer is, whatever was asked: as asked; a `url` anyway; a `url` on another
   * host; one that redirects elsewhere; one that is gone (404); one that serves HTML; an HTML
   * page instead of JSON; base64 that is not an image.
   */
  answer: "as_asked" | "url" | "foreign_url" | "redirect_url" | "expired_url" | "html_url" | "html" | "not_image";
}

const normalService = (): FakeCompatibleControl => ({
  failAlways: null,
  refusePrompt: null,
  refuseUnknown: false,
  stall: false,
  hold: false,
  answer: "as_asked",
});

export interface CompatibleRecordedRequest {
  path: string;
  authorization: string | null;
  fields: Record<string, string>;
  /** Parameters sent that the server does not read. */
  unknown: string[];
  imageHashes: string[];
}

export async function startFakeOpenAICompatible(
  options: { port?: number; models?: string[]; apiKey?: string; edits?: boolean } = {},
) {
  const models = options.models ?? ["stablediffusion", "llama-3.2-1b-instruct"];
  const control = normalService();
  const requests: CompatibleRecordedRequest[] = [];
  const served = new Map<string, Buffer>();
  const stalls = { started: 0, abandoned: 0 };
  const holds = { started: 0, abandoned: 0 };
  const downloads: string[] = [];
  let modelListings = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const body = await readBody(req);
    if (url.pathname === "/__control") {
      if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
      if (req.method === "DELETE") reset();
      return send(res, 200, { control, requests: requests.length });
    }
    if (url.pathname === "/healthz" || url.pathname === "/readyz") return send(res, 200, { ok: true });
    const file = /^\/generated-images\/([\w-]+)\.png$/.exec(url.pathname);
    if (req.method === "GET" && file) {
      downloads.push(url.pathname);
      if (file[1] === "elsewhere") {
        res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      }
      if (file[1] === "page") {
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<html><body>Not an image</body></html>");
      }
      const image = served.get(file[1]!);
      if (!image) return send(res, 404, localAIError(404, "Not Found"));
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(image.length) });
      return res.end(image);
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, 401, localAIError(401, "An authentication key is required", "invalid_request_error"));
    }
    if (req.method === "GET" && url.pathname === "/v1/models") {
      modelListings++;
      return send(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model" })) });
    }
    const isEdit = url.pathname === "/v1/images/edits" && options.edits;
    if (req.method !== "POST" || (url.pathname !== "/v1/images/generations" && !isEdit)) {
      return send(res, 404, localAIError(404, "Not Found"));
    }

    let fields: Record<string, string>;
    let images: Buffer[] = [];
    if (isEdit) {
      const contentType = req.headers["content-type"] ?? "";
      if (!contentType.startsWith("multipart/form-data")) {
        return send(res, 400, localAIError(400, "Content-Type must be multipart/form-data"));
      }
      ({ fields, images } = parseMultipart(body, contentType));
      if (images.length === 0) return send(res, 400, localAIError(400, "at least one image[] required"));
    } else {
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body.toString()) as Record<string, unknown>;
      } catch {
        return send(res, 400, localAIError(400, "Bad Request"));
      }
      fields = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
    }
    const unknown = Object.keys(fields).filter((name) => !KNOWN.has(name));
    requests.push({
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      fields,
      unknown,
      imageHashes: images.map((image) => createHash("sha256").update(image).digest("hex")),
    });
    if (control.refuseUnknown && unknown.length > 0) {
      return send(res, 400, localAIError(400, `unknown parameter(s): ${unknown.join(", ")}`));
    }
    if (!fields.model) return send(res, 400, localAIError(400, "Bad Request"));
    if (!models.includes(fields.model)) {
      return send(res, 500, localAIError(500, `could not load model: model ${fields.model} not found`));
    }
    if (!fields.prompt) return send(res, 400, localAIError(400, "prompt required"));
    const size = parseSize(fields.size);
    if (!size) return send(res, 500, localAIError(500, "invalid value for 'size'"));

    const failure =
      control.failAlways ??
      (control.refusePrompt && fields.prompt.includes(control.refusePrompt) ? "moderation" : null);
    if (failure === "moderation") return send(res, 400, MODERATION_BLOCKED);
    if (failure)
      return send(res, 500, localAIError(500, "rpc error: code = Unavailable desc = error reading from server: EOF"));
    if (control.hold) {
      holds.started++;
      res.on("close", () => holds.abandoned++);
      return;
    }
    if (control.stall) {
      stalls.started++;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"created":');
      res.on("close", () => stalls.abandoned++);
      return;
    }
    if (control.answer === "html") {
      res.writeHead(200, { "Content-Type": "text/html" });
      return res.end("<html><body>502 Bad Gateway</body></html>");
    }

    // As LocalAI builds it: the address the request came to.
    const base = `http://${req.headers.host}`;
    const data = [];
    for (let i = 0; i < Math.max(1, Number(fields.n ?? 1)); i++) {
      const png =
        control.answer === "not_image" ? Buffer.from("not an image") : await drawImage(size[0], size[1], fields.prompt);
      const asUrl = control.answer !== "as_asked" || fields.response_format !== "b64_json";
      if (!asUrl || control.answer === "not_image") {
        data.push({ embedding: null, index: i, b64_json: png.toString("base64") });
        continue;
      }
      const id = `b64${randomUUID()}`;
      served.set(id, png);
      const address = {
        foreign_url: "http://169.254.169.254/latest/meta-data/iam.png",
        redirect_url: `${base}/generated-images/elsewhere.png`,
        expired_url: `${base}/generated-images/gone.png`,
        html_url: `${base}/generated-images/page.png`,
      }[control.answer as string];
      data.push({ embedding: null, index: i, url: address ?? `${base}/generated-images/${id}.png` });
    }
    send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      id: randomUUID(),
      data,
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }

  function reset() {
    Object.assign(control, normalService());
    requests.length = 0;
    served.clear();
    downloads.length = 0;
    modelListings = 0;
    Object.assign(stalls, { started: 0, abandoned: 0 });
    Object.assign(holds, { started: 0, abandoned: 0 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify(localAIError(500, String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    models,
    control,
    requests,
    stalls,
    holds,
    /** The /generated-images/ paths fetched, in order. */
    downloads,
    modelListings: () => modelListings,
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenAICompatible = Awaited<ReturnType<typeof startFakeOpenAICompatible>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAICompatible({ port: Number(process.argv[2]) });
  console.log(`Fake OpenAI-compatible image server (LocalAI-like) on ${fake.url}`);
}
