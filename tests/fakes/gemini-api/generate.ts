// generateContent as the fake Gemini API answers it: the request recorded, checked against the
// model (parts, inline image types and count, aspect ratio, image size, modalities), then a
// failure, a refusal or a stall when `control` asks for one, else an image with usage metadata.
import { createHash } from "node:crypto";
import { renderImageBase64 } from "./images.ts";
import { ASPECT_SIZES, MODELS, SCALE } from "./models.ts";
import { failureBody, googleError, type Reply } from "./replies.ts";
import type { GeminiState } from "./state.ts";

interface GenerateBody {
  contents?: { role?: string; parts?: { text?: string; inlineData?: { mimeType?: string; data?: string } }[] }[];
  generationConfig?: {
    responseModalities?: string[];
    seed?: number;
    imageConfig?: { aspectRatio?: string; imageSize?: string };
  };
}

/** POST /v1beta/models/{modelId}:generateContent, its key already accepted. */
export async function generateContent(state: GeminiState, reply: Reply, modelId: string, apiKey: string, body: Buffer) {
  const { control, requests } = state;
  const model = MODELS[modelId];
  if (!model)
    return reply.send(
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
    return reply.send(googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
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
    return reply.send(
      googleError(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified"),
    );
  if (images.some((image) => !["image/png", "image/jpeg", "image/webp"].includes(image.mimeType ?? "")))
    return reply.send(googleError(400, "INVALID_ARGUMENT", "Unsupported MIME type for inline data."));
  if (images.length > model.maxImages)
    return reply.send(
      googleError(
        400,
        "INVALID_ARGUMENT",
        `Too many images: ${modelId} takes at most ${model.maxImages} images per prompt.`,
      ),
    );
  const aspectRatio = config.imageConfig?.aspectRatio ?? "1:1";
  if (!ASPECT_SIZES[aspectRatio])
    return reply.send(googleError(400, "INVALID_ARGUMENT", `Unsupported aspect ratio: ${aspectRatio}`));
  const imageSize = config.imageConfig?.imageSize;
  if (imageSize !== undefined && (!model.imageSize || !SCALE[imageSize]))
    return reply.send(googleError(400, "INVALID_ARGUMENT", `Image size ${imageSize} is not supported for ${modelId}.`));
  const wantsImage = config.responseModalities?.some((m) => m.toUpperCase() === "IMAGE") ?? false;
  if (wantsImage && !model.image)
    return reply.send(
      googleError(400, "INVALID_ARGUMENT", "Model does not support the requested response modalities: image"),
    );

  let failure = control.failAlways;
  if (!failure && control.failNext && control.failNext.count > 0) {
    failure = control.failNext.kind;
    control.failNext.count--;
  }
  if (failure) return reply.send(failureBody(failure));

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
      return reply.json(200, {
        promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
        usageMetadata: usageOf(0),
        ...common,
      });
    if (refusal.kind === "image_safety")
      return reply.json(200, {
        candidates: [{ content: { role: "model" }, finishReason: "IMAGE_SAFETY", index: 0 }],
        usageMetadata: usageOf(0),
        ...common,
      });
    if (refusal.kind === "no_candidates")
      return reply.json(200, { candidates: [], usageMetadata: usageOf(0), ...common });
    return reply.json(200, {
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
  if (stall && (stall.prompt === null || prompt.includes(stall.prompt))) return reply.stallBody();

  const [width, height] = ASPECT_SIZES[aspectRatio]!.map((side) => side * (SCALE[imageSize ?? "1K"] ?? 1));
  const data = await renderImageBase64({
    width: width!,
    height: height!,
    seedText: prompt,
    mimeType: control.imageMimeType,
  });
  reply.json(200, {
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
}
