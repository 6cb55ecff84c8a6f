// A local stand-in for Google's Gemini API (generativelanguage.googleapis.com), speaking
// its REST wire format: POST /v1beta/models/{model}:generateContent with inline image
// parts and an image config, answered with an opaque PNG of the asked aspect ratio and
// usage metadata; GET /v1beta/models/{model} and the models list a connection check
// reads; Google's error bodies ({error:{code,message,status}}) for a missing or bad key,
// an unknown model, a bad request, quota (429 RESOURCE_EXHAUSTED) and server errors; the
// ways it declines (a blocked prompt, an IMAGE_SAFETY finish, no candidates, words
// instead of an image); and an answer that sends its headers and then stalls the body.
// Behaviour is set through POST /__control. Run alone: node tests/fakes/gemini-api.ts <port>
import { takeConnectionFault, type ConnectionFaultCounts, type ConnectionFaultRule } from "./connection-faults.ts";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** The key the fake refuses as not valid (any other non-empty key is accepted). */
export const INVALID_GEMINI_KEY = "AIza-not-a-valid-key";

type Failure = "rate_limit" | "server_error" | "unavailable";
/** How the fake declines: the four shapes Gemini answers a request it will not draw with (HTTP 200). */
export type Refusal = "blocked_prompt" | "image_safety" | "no_candidates" | "text_only";

export interface FakeGeminiControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N generateContent requests fail with this kind, then normal service resumes. */
  failNext: { kind: Failure; count: number } | null;
  /** Every generateContent request fails with this kind until changed. */
  failAlways: Failure | null;
  /** Declines requests whose prompt contains `prompt` (every one when null). */
  refuse: { kind: Refusal; prompt: string | null } | null;
  /** Sends 200 and the start of the body, then nothing, for prompts containing `prompt` (every request, the model lookups included, when null). */
  stallBody: { prompt: string | null } | null;
  /** The format images come back in: Gemini answers PNG, but the wire allows others. */
  imageMimeType: "image/png" | "image/jpeg" | "image/webp";
}

const normalService = (): FakeGeminiControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  refuse: null,
  stallBody: null,
  imageMimeType: "image/png",
});

export interface RecordedGeminiRequest {
  model: string;
  apiKey: string;
  /** Every part of the user's content, text and images. */
  partCount: number;
  texts: string[];
  inlineImageCount: number;
  inlineMimeTypes: string[];
  /** The decoded bytes of each inline image, in order. */
  inlineImages: Buffer[];
  /** The sha256 of each inline image's bytes, in order (an edit's base first, then its references). */
  inlineImageHashes: string[];
  /** What each part was, in the order sent. */
  partKinds: ("text" | "image")[];
  responseModalities: string[] | undefined;
  aspectRatio: string | undefined;
  imageSize: string | undefined;
  seed: number | undefined;
}

interface FakeModel {
  /** Input images one request may carry; more is a 400. */
  maxImages: number;
  /** Whether it takes imageConfig.imageSize; the others answer 400 when given it. */
  imageSize: boolean;
  displayName: string;
  image: boolean;
}

const MODELS: Record<string, FakeModel> = {
  "gemini-2.5-flash-image": { maxImages: 3, imageSize: false, displayName: "Nano Banana", image: true },
  "gemini-3-pro-image-preview": { maxImages: 14, imageSize: true, displayName: "Nano Banana Pro", image: true },
  "gemini-3.1-flash-image-preview": { maxImages: 14, imageSize: true, displayName: "Nano Banana 2", image: true },
  "gemini-2.5-flash": { maxImages: 3000, imageSize: false, displayName: "Gemini 2.5 Flash", image: false },
};

/** Gemini's output sizes at 1K, by aspect ratio; 2K and 4K double and quadruple them. */
const ASPECT_SIZES: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:2": [1248, 832],
  "3:4": [864, 1184],
  "4:3": [1184, 864],
  "4:5": [896, 1152],
  "5:4": [1152, 896],
  "9:16": [768, 1344],
  "16:9": [1344, 768],
  "21:9": [1536, 672],
};
const SCALE: Record<string, number> = { "1K": 1, "2K": 2, "4K": 4 };
const COLOURS = ["#f4a23c", "#2a9d8f", "#e76f51", "#264653", "#8e5cf7", "#3a86ff"];

function googleError(code: number, status: string, message: string, details?: unknown[]): [number, unknown] {
  return [code, { error: { code, message, status, ...(details ? { details } : {}) } }];
}

function failureBody(kind: Failure): [number, unknown] {
  if (kind === "rate_limit")
    return googleError(
      429,
      "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details.",
    );
  if (kind === "unavailable")
    return googleError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
  return googleError(
    500,
    "INTERNAL",
    "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  );
}

function modelResource(id: string, model: FakeModel) {
  return {
    name: `models/${id}`,
    version: "2.0",
    displayName: model.displayName,
    description: `${model.displayName} (local fake)`,
    inputTokenLimit: 32768,
    outputTokenLimit: 32768,
    supportedGenerationMethods: ["generateContent", "countTokens", "batchGenerateContent"],
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Rendered once per (size, colour, format): the fake should cost its configured latency, not CPU.
const rendered = new Map<string, Promise<string>>();

/**
 * The background a model paints: a warm paper colour, or, when the prompt asks for a
 * solid flat key colour (transparency by matte), that colour a little off, as models paint it.
 */
function paintedBackground(prompt: string): string {
  const asked = /solid flat #([0-9A-F]{6})/i.exec(prompt)?.[1];
  if (!asked) return "#f4f1ea";
  const n = parseInt(asked, 16);
  const off = (v: number, by: number) =>
    Math.min(255, Math.max(0, v + by))
      .toString(16)
      .padStart(2, "0");
  return `#${off(n >> 16, -8)}${off((n >> 8) & 255, -11)}${off(n & 255, 6)}`;
}

function renderImageBase64(options: { width: number; height: number; seedText: string; mimeType: string }) {
  let hash = 0;
  for (const c of options.seedText) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length]!;
  const background = paintedBackground(options.seedText);
  const key = `${options.width}x${options.height}|${colour}|${background}|${options.mimeType}`;
  if (!rendered.has(key)) {
    const { width, height } = options;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="${colour}"/></svg>`;
    // Gemini's images are opaque: no alpha channel.
    const image = sharp(Buffer.from(svg)).flatten({ background });
    const encoded =
      options.mimeType === "image/jpeg" ? image.jpeg() : options.mimeType === "image/webp" ? image.webp() : image.png();
    rendered.set(
      key,
      encoded.toBuffer().then((data) => data.toString("base64")),
    );
  }
  return rendered.get(key)!;
}

interface GenerateBody {
  contents?: { role?: string; parts?: { text?: string; inlineData?: { mimeType?: string; data?: string } }[] }[];
  generationConfig?: {
    responseModalities?: string[];
    seed?: number;
    imageConfig?: { aspectRatio?: string; imageSize?: string };
  };
}

export async function startFakeGemini(port = 0) {
  const control: FakeGeminiControl = normalService();
  const connectionFaults: ConnectionFaultCounts = { matched: 0, faulted: 0 };
  const requests: RecordedGeminiRequest[] = [];
  /** The key of each model lookup (get or list): the free calls a connection check makes. */
  const modelLookups: string[] = [];
  const stalls = { started: 0, abandoned: 0 };
  /** Back to normal service, with nothing recorded. */
  const reset = () => {
    Object.assign(control, normalService());
    requests.length = 0;
    modelLookups.length = 0;
    Object.assign(stalls, { started: 0, abandoned: 0 });
    Object.assign(connectionFaults, { matched: 0, faulted: 0 });
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", Vary: "Origin" });
      res.end(JSON.stringify(body));
    };
    const send = ([status, body]: [number, unknown]) => json(status, body);
    // The headers go out at once, the body never ends.
    const stallBody = () => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
      res.write('{\n  "candidates": [');
      res.on("close", () => stalls.abandoned++);
    };
    if (takeConnectionFault(control.connectionFault, connectionFaults, req)) return;
    const body = await readBody(req);

    if (url.pathname === "/healthz") return json(200, { ok: true });
    if (url.pathname === "/__control") {
      if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
      if (req.method === "DELETE") reset();
      return json(200, { control, requests: requests.length, stalls });
    }
    if (url.pathname === "/__requests")
      return json(
        200,
        requests.map(({ inlineImages: _, ...rest }) => rest),
      );

    const route = /^\/v1beta\/models(?:\/([^/:]+)(?::(\w+))?)?$/.exec(url.pathname);
    if (!route) return send(googleError(404, "NOT_FOUND", `Not found: ${url.pathname}`));
    const [, modelId, method] = route;

    const apiKey = (req.headers["x-goog-api-key"] as string | undefined) ?? url.searchParams.get("key") ?? "";
    if (!apiKey)
      return send(
        googleError(
          403,
          "PERMISSION_DENIED",
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    if (apiKey === INVALID_GEMINI_KEY)
      return send(
        googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "API_KEY_INVALID",
            domain: "googleapis.com",
            metadata: { service: "generativelanguage.googleapis.com" },
          },
        ]),
      );

    if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

    // Model lookups: the free calls.
    if (req.method === "GET" && !method) {
      modelLookups.push(apiKey);
      if (control.stallBody?.prompt === null) return stallBody();
      if (!modelId) {
        return json(200, { models: Object.entries(MODELS).map(([id, model]) => modelResource(id, model)) });
      }
      const model = MODELS[modelId];
      if (!model) return send(googleError(404, "NOT_FOUND", `models/${modelId} is not found for API version v1beta.`));
      return json(200, modelResource(modelId, model));
    }
    if (req.method !== "POST" || method !== "generateContent" || !modelId)
      return send(googleError(404, "NOT_FOUND", `Not found: ${req.method} ${url.pathname}`));

    const model = MODELS[modelId];
    if (!model)
      return send(
        googleError(
          404,
          "NOT_FOUND",
          `models/${modelId} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
        ),
      );
    let parsed: GenerateBody;
    try {
      parsed = JSON.parse(body.toString()) as GenerateBody;
    } catch {
      return send(googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
    }
    const parts = (parsed.contents ?? []).flatMap((content) => content.parts ?? []);
    const images = parts.flatMap((part) => (part.inlineData ? [part.inlineData] : []));
    const texts = parts.flatMap((part) => (part.text !== undefined ? [part.text] : []));
    const config = parsed.generationConfig ?? {};
    requests.push({
      model: modelId,
      apiKey,
      partCount: parts.length,
      texts,
      inlineImageCount: images.length,
      inlineMimeTypes: images.map((image) => image.mimeType ?? ""),
      inlineImages: images.map((image) => Buffer.from(image.data ?? "", "base64")),
      inlineImageHashes: images.map((image) =>
        createHash("sha256")
          .update(Buffer.from(image.data ?? "", "base64"))
          .digest("hex"),
      ),
      partKinds: parts.flatMap((part) =>
        part.inlineData ? ["image" as const] : part.text !== undefined ? ["text" as const] : [],
      ),
      responseModalities: config.responseModalities,
      aspectRatio: config.imageConfig?.aspectRatio,
      imageSize: config.imageConfig?.imageSize,
      seed: config.seed,
    });

    if (parts.length === 0)
      return send(googleError(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified"));
    if (images.some((image) => !["image/png", "image/jpeg", "image/webp"].includes(image.mimeType ?? "")))
      return send(googleError(400, "INVALID_ARGUMENT", "Unsupported MIME type for inline data."));
    if (images.length > model.maxImages)
      return send(
        googleError(
          400,
          "INVALID_ARGUMENT",
          `Too many images: ${modelId} takes at most ${model.maxImages} images per prompt.`,
        ),
      );
    const aspectRatio = config.imageConfig?.aspectRatio ?? "1:1";
    if (!ASPECT_SIZES[aspectRatio])
      return send(googleError(400, "INVALID_ARGUMENT", `Unsupported aspect ratio: ${aspectRatio}`));
    const imageSize = config.imageConfig?.imageSize;
    if (imageSize !== undefined && (!model.imageSize || !SCALE[imageSize]))
      return send(googleError(400, "INVALID_ARGUMENT", `Image size ${imageSize} is not supported for ${modelId}.`));
    const wantsImage = config.responseModalities?.some((m) => m.toUpperCase() === "IMAGE") ?? false;
    if (wantsImage && !model.image)
      return send(
        googleError(400, "INVALID_ARGUMENT", "Model does not support the requested response modalities: image"),
      );

    let failure = control.failAlways;
    if (!failure && control.failNext && control.failNext.count > 0) {
      failure = control.failNext.kind;
      control.failNext.count--;
    }
    if (failure) return send(failureBody(failure));

    const prompt = texts.join(" ");
    const promptTokenCount = 12 + Math.ceil(prompt.length / 4) + images.length * 258;
    const usageOf = (candidatesTokenCount: number) => ({
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount,
      promptTokensDetails: [
        { modality: "TEXT", tokenCount: promptTokenCount - images.length * 258 },
        ...(images.length ? [{ modality: "IMAGE", tokenCount: images.length * 258 }] : []),
      ],
      ...(candidatesTokenCount
        ? { candidatesTokensDetails: [{ modality: "IMAGE", tokenCount: candidatesTokenCount }] }
        : {}),
    });
    const common = { modelVersion: modelId, responseId: `fake-${requests.length}` };

    const refusal = control.refuse;
    if (refusal && (refusal.prompt === null || prompt.includes(refusal.prompt))) {
      if (refusal.kind === "blocked_prompt")
        return json(200, {
          promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
          usageMetadata: usageOf(0),
          ...common,
        });
      if (refusal.kind === "image_safety")
        return json(200, {
          candidates: [{ content: { role: "model" }, finishReason: "IMAGE_SAFETY", index: 0 }],
          usageMetadata: usageOf(0),
          ...common,
        });
      if (refusal.kind === "no_candidates") return json(200, { candidates: [], usageMetadata: usageOf(0), ...common });
      return json(200, {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ text: "I can't create that image, but I can help with a different description." }],
            },
            finishReason: "STOP",
            index: 0,
          },
        ],
        usageMetadata: usageOf(17),
        ...common,
      });
    }
    const stall = control.stallBody;
    if (stall && (stall.prompt === null || prompt.includes(stall.prompt))) return stallBody();

    const [width, height] = ASPECT_SIZES[aspectRatio]!.map((side) => side * (SCALE[imageSize ?? "1K"] ?? 1));
    const data = await renderImageBase64({
      width: width!,
      height: height!,
      seedText: prompt,
      mimeType: control.imageMimeType,
    });
    json(200, {
      candidates: [
        {
          content: { role: "model", parts: [{ inlineData: { mimeType: control.imageMimeType, data } }] },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: usageOf(1290),
      ...common,
    });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    control,
    requests,
    modelLookups,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    stalls,
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeGemini(Number(process.argv[2]));
  console.log(`Fake Gemini API on ${fake.url}`);
}
