// The fake Azure OpenAI's routes: /__control, /healthz and the images it serves; then, behind
// `api-key` or `Authorization: Bearer`, with a known api-version: GET /openai/models and POST
// /openai/deployments/{deployment}/images/generations (JSON) and /images/edits (multipart),
// each checked as Azure checks it for the model the deployment runs.
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import { takeConnectionFault } from "../connection-faults.ts";
import { parseMultipart, readBody, readMask, type RecordedRequest } from "../openai-images.ts";
import { ACCESS_DENIED, DEPLOYMENT_NOT_FOUND, NOT_FOUND, azureError, failure, invalidRequest, send } from "./errors.ts";
import { drawImage } from "./images.ts";
import { resetState, type AzureState } from "./state.ts";

const GPT_SIZES = new Set(["1024x1024", "1024x1536", "1536x1024", "auto"]);
const DALLE_SIZES = new Set(["1024x1024", "1024x1792", "1792x1024"]);
/** What a DALL·E 3 deployment refuses: gpt-image's own parameters. */
const GPT_ONLY = ["background", "output_format", "output_compression", "moderation", "input_fidelity"];

export async function handleRequest(state: AzureState, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (takeConnectionFault(state.control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);

  if (url.pathname === "/__control") {
    if (req.method === "POST") Object.assign(state.control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return send(res, 200, { control: state.control, requests: state.requests.length });
  }
  if (url.pathname === "/healthz") return send(res, 200, { ok: true });
  const served = /^\/images\/([\w-]+)\.png$/.exec(url.pathname);
  if (req.method === "GET" && served) {
    const image = state.served.get(served[1]!);
    if (!image) return send(res, 404, azureError("BlobNotFound", "The specified blob does not exist."));
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(image.length) });
    return res.end(image);
  }

  const apiKey = header(req, "api-key");
  const bearer = /^Bearer (.+)$/.exec(header(req, "authorization") ?? "")?.[1];
  if (apiKey !== state.apiKey && bearer !== state.token) return send(res, 401, ACCESS_DENIED);
  const apiVersion = url.searchParams.get("api-version");
  if (!apiVersion || !state.apiVersions.has(apiVersion)) return send(res, 404, NOT_FOUND);

  if (req.method === "GET" && url.pathname === "/openai/models") {
    state.modelListings.push(apiKey ? `api-key ${apiKey}` : `Bearer ${bearer}`);
    return send(res, 200, {
      object: "list",
      data: ["gpt-image-1", "gpt-image-1-mini", "dall-e-3", "gpt-4o"].map((id) => ({
        id,
        object: "model",
        status: "succeeded",
        capabilities: { inference: true },
      })),
    });
  }
  const route = /^\/openai\/deployments\/([^/]+)\/images\/(generations|edits)$/.exec(url.pathname);
  if (req.method !== "POST" || !route) return send(res, 404, NOT_FOUND);
  const deployment = decodeURIComponent(route[1]!);
  const model = state.deployments[deployment];
  if (!model) return send(res, 404, DEPLOYMENT_NOT_FOUND);
  const isEdit = route[2] === "edits";
  const dalle = model.startsWith("dall-e");

  const contentType = header(req, "content-type") ?? "";
  let fields: Record<string, string>;
  let images: Buffer[] = [];
  let mask: RecordedRequest["mask"] = null;
  if (isEdit) {
    if (dalle)
      return send(
        res,
        400,
        azureError("OperationNotSupported", `The images edit operation does not work with ${model}.`),
      );
    if (!contentType.startsWith("multipart/form-data"))
      return send(res, 400, invalidRequest("Expected multipart/form-data"));
    const parsed = parseMultipart(body, contentType);
    ({ fields, images } = parsed);
    if (images.length === 0) return send(res, 400, invalidRequest("'image' is a required property", "image"));
    if (images.length > 16) return send(res, 400, invalidRequest("Too many images: at most 16", "image"));
    if (parsed.mask) {
      const checked = await readMask(parsed.mask, images[0]!);
      if (typeof checked === "string") return send(res, 400, invalidRequest(checked, "mask"));
      mask = checked;
    }
  } else {
    const json = (() => {
      try {
        return JSON.parse(body.toString()) as Record<string, unknown>;
      } catch {
        return null;
      }
    })();
    if (!json) return send(res, 400, invalidRequest("We could not parse the JSON body of your request."));
    fields = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
  }
  state.requests.push({
    path: url.pathname,
    deployment,
    apiVersion,
    apiKey: apiKey ?? null,
    contentType,
    authorization: header(req, "authorization") ?? "",
    fields,
    imageCount: images.length,
    imageHashes: images.map((image) => createHash("sha256").update(image).digest("hex")),
    imageSizes: await Promise.all(
      images.map(async (image) => {
        const meta = await sharp(image)
          .metadata()
          .catch(() => null);
        return { width: meta?.width ?? 0, height: meta?.height ?? 0 };
      }),
    ),
    mask,
  });

  if (!fields.prompt) return send(res, 400, invalidRequest("'prompt' is a required property", "prompt"));
  const size = fields.size ?? (dalle ? "1024x1024" : "auto");
  if (dalle) {
    const unknown = GPT_ONLY.find((name) => name in fields);
    if (unknown) return send(res, 400, invalidRequest(`Unknown parameter: '${unknown}'.`, unknown));
    if ((fields.n ?? "1") !== "1") return send(res, 400, invalidRequest("You must provide n=1 for this model.", "n"));
    if (!DALLE_SIZES.has(size)) return send(res, 400, invalidRequest(`Invalid size '${size}'.`, "size"));
  } else {
    // gpt-image always answers base64: Azure refuses the parameter for it.
    if ("response_format" in fields) {
      return send(res, 400, invalidRequest("Unknown parameter: 'response_format'.", "response_format"));
    }
    if (!GPT_SIZES.has(size)) return send(res, 400, invalidRequest(`Invalid size '${size}'.`, "size"));
  }

  const { control } = state;
  const failed =
    control.failAlways ??
    (control.refusePrompt && fields.prompt.includes(control.refusePrompt) ? "content_filter" : null);
  if (failed) {
    const [status, payload, headers] = failure(failed, model);
    return send(res, status, payload, headers);
  }
  if (control.hold) {
    state.holds.started++;
    res.on("close", () => state.holds.abandoned++);
    return;
  }
  if (control.stall) {
    state.stalls.started++;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.write('{"created":');
    res.on("close", () => state.stalls.abandoned++);
    return;
  }
  if (control.answer === "html") {
    res.writeHead(200, { "Content-Type": "text/html" });
    return res.end("<html><body>Service Unavailable</body></html>");
  }

  const n = Number(fields.n ?? 1);
  const drawn = size === "auto" ? "1024x1024" : size;
  const data = [];
  for (let i = 0; i < n; i++) {
    const png =
      control.answer === "not_image"
        ? Buffer.from("this is not an image at all")
        : await drawImage(drawn, fields.prompt, !dalle && fields.background === "transparent");
    if (control.answer === "url" || control.answer === "expired_url") {
      const id = randomUUID();
      if (control.answer === "url") state.served.set(id, png);
      data.push({ url: `${state.url}/images/${id}.png` });
    } else {
      data.push({ b64_json: png.toString("base64"), ...(dalle ? { revised_prompt: fields.prompt } : {}) });
    }
  }
  send(res, 200, {
    created: Math.floor(Date.now() / 1000),
    data,
    ...(dalle
      ? {}
      : {
          usage: {
            input_tokens: 40 + images.length * 250,
            input_tokens_details: { image_tokens: images.length * 250, text_tokens: 40 },
            output_tokens: 272 * n,
            total_tokens: 40 + images.length * 250 + 272 * n,
          },
        }),
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
