// The fake Recraft's image endpoints, checked as Recraft checks them: generations (JSON), the
// multipart image-to-image and inpaint, the one-file tools (vectorize, removeBackground, the
// upscalers) and custom styles. Answers are {data: [...]} or, for a one-file tool, {image: {...}},
// each image a signed link (or base64 when asked).
import { randomUUID } from "node:crypto";
import { drawingPng, drawingSvg, SIZE_OF_RATIO, sizeOf, upscaled, vectorOf, withoutBackground } from "./images.ts";
import type { ReceivedImage, RecordedCall, RecraftState } from "./state.ts";

const MODELS = [
  "recraftv2",
  "recraftv2_vector",
  "recraftv3",
  "recraftv3_vector",
  "recraftv4",
  "recraftv4_vector",
  "recraftv4_pro",
  "recraftv4_pro_vector",
  "recraftv4_1",
  "recraftv4_1_vector",
  "recraftv4_1_pro",
  "recraftv4_1_pro_vector",
];
const BASE_STYLES = ["realistic_image", "digital_illustration", "vector_illustration", "icon"];
const VECTOR_STYLES = ["vector_illustration", "icon"];
const SUBSTYLES: Record<string, string[]> = {
  digital_illustration: ["pixel_art", "hand_drawn", "grain", "2d_art_poster", "handmade_3d"],
  vector_illustration: ["line_art", "linocut", "engraving", "line_circuit", "bold_stroke"],
};
const takesStyles = (model: string) => /^recraftv[23](_|$)/.test(model);
const STYLE_BYTES = 5 * 1024 * 1024;

export interface Parsed {
  fields: Record<string, unknown>;
  files: Record<string, { data: Buffer; received: ReceivedImage | null }[]>;
}

type Answer = { status: number; body: unknown };
const invalid = (message: string): Answer => ({ status: 400, body: { code: "invalid_request", message } });

/** Delivers a result at a signed link (or inline), as Recraft answers it. */
function deliver(state: RecraftState, data: Buffer, contentType: string, fields: Record<string, unknown>) {
  if (fields.response_format === "b64_json") return { image_id: randomUUID(), b64_json: data.toString("base64") };
  const id = randomUUID();
  const path = `/delivery/${id}.${contentType === "image/svg+xml" ? "svg" : "png"}`;
  state.results.set(path, { contentType, data });
  return { image_id: id, url: `${state.url}${path}` };
}

export async function generation(
  state: RecraftState,
  call: RecordedCall,
  json: Record<string, unknown>,
): Promise<Answer> {
  const { prompt, model = "recraftv3", size = "1:1", n = 1, style, substyle, style_id, controls } = json;
  if (typeof prompt !== "string" || !prompt.trim()) return invalid("prompt: field required");
  if (typeof model !== "string" || !MODELS.includes(model)) return invalid(`model: unknown model ${String(model)}`);
  if (prompt.length > (takesStyles(model) ? 1000 : 10000)) return invalid("prompt: too long for this model");
  const dimensions = typeof size === "string" ? sizeOf(size) : null;
  if (!dimensions) return invalid(`size: ${String(size)} is not supported`);
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 6) return invalid("n: must be between 1 and 6");
  if (json.response_format !== undefined && !["url", "b64_json"].includes(json.response_format as string))
    return invalid("response_format: must be url or b64_json");
  if (style !== undefined && style_id !== undefined) return invalid("style and style_id are mutually exclusive");
  if ((style !== undefined || style_id !== undefined) && !takesStyles(model))
    return invalid(`style: not supported by ${model}`);
  if (style !== undefined && !BASE_STYLES.includes(style as string))
    return invalid(`style: unknown style ${String(style)}`);
  if (substyle !== undefined && !SUBSTYLES[style as string]?.includes(substyle as string))
    return invalid(`substyle: ${String(substyle)} is not a substyle of ${String(style)}`);
  const custom = style_id !== undefined ? state.styles.get(String(style_id)) : undefined;
  if (style_id !== undefined && !custom)
    return { status: 404, body: { code: "not_found", message: "style not found" } };
  const colours = (controls as { colors?: { rgb?: unknown }[] } | undefined)?.colors;
  if (colours !== undefined) {
    const ok =
      Array.isArray(colours) &&
      colours.every(
        (c) =>
          Array.isArray(c?.rgb) && c.rgb.length === 3 && c.rgb.every((v) => Number.isInteger(v) && v >= 0 && v <= 255),
      );
    if (!ok) return invalid("controls.colors: each colour is {rgb: [r, g, b]} of 0 to 255");
  }
  const shape = state.control.wrongShape > 0 ? (state.control.wrongShape--, SIZE_OF_RATIO["2:1"]!) : dimensions;
  const vector = model.endsWith("_vector") || VECTOR_STYLES.includes(String(style ?? custom?.style));
  const colour = colours?.[0]?.rgb as number[] | undefined;
  call.fields.vector = vector;
  const data = await Promise.all(
    Array.from({ length: n as number }, async () =>
      vector
        ? deliver(state, Buffer.from(drawingSvg(shape, prompt, colour)), "image/svg+xml", json)
        : deliver(state, await drawingPng(shape, prompt, colour), "image/png", json),
    ),
  );
  return { status: 200, body: { created: Math.floor(Date.now() / 1000), credits: 40 * (n as number), data } };
}

/** Image-to-image and inpaint: the image (and mask) checked, the answer at the image's size. */
export async function changeImage(state: RecraftState, path: string, parsed: Parsed): Promise<Answer> {
  const { fields, files } = parsed;
  const image = files.image?.[0];
  if (!image) return invalid("image: field required");
  if (!image.received) return invalid("image: not a valid image");
  if (typeof fields.prompt !== "string" || !fields.prompt) return invalid("prompt: field required");
  if (path === "/v1/images/imageToImage") {
    const strength = Number(fields.strength);
    if (!(strength >= 0 && strength <= 1)) return invalid("strength: must be between 0 and 1");
  } else {
    const mask = files.mask?.[0];
    if (!mask?.received) return invalid("mask: field required");
    if (mask.received.width !== image.received.width || mask.received.height !== image.received.height)
      return invalid("mask: must be the same size as the image");
    if (mask.received.channels !== 1) return invalid("mask: must be a grayscale image");
  }
  const size: [number, number] = [image.received.width, image.received.height];
  const png = await drawingPng(size, fields.prompt, undefined);
  return { status: 200, body: { created: 0, credits: 40, data: [deliver(state, png, "image/png", fields)] } };
}

/** The one-file tools: {image: {...}} made from the `file` part. */
export async function oneFileTool(state: RecraftState, path: string, parsed: Parsed): Promise<Answer> {
  const file = parsed.files.file?.[0];
  if (!file) return invalid("file: field required");
  if (!file.received) return invalid("file: not a valid image");
  let image;
  if (path === "/v1/images/vectorize")
    image = deliver(state, Buffer.from(await vectorOf(file.data)), "image/svg+xml", parsed.fields);
  else if (path === "/v1/images/removeBackground")
    image = deliver(state, await withoutBackground(file.data), "image/png", parsed.fields);
  else image = deliver(state, await upscaled(file.data), "image/png", parsed.fields);
  return { status: 200, body: { created: 0, credits: 10, image } };
}

/** A custom style: a base style and one to five pictures, 5 MB in all. */
export function createStyle(state: RecraftState, parsed: Parsed): Answer {
  const style = parsed.fields.style;
  if (typeof style !== "string" || !BASE_STYLES.includes(style))
    return invalid("style: field required, one of the base styles");
  const files = parsed.files.file ?? [];
  if (files.length < 1 || files.length > 5) return invalid("file: between 1 and 5 images");
  if (files.some((f) => !f.received)) return invalid("file: images in PNG, JPG or WEBP format");
  if (files.reduce((sum, f) => sum + f.data.length, 0) > STYLE_BYTES)
    return invalid("file: the images are over 5 MB in all");
  const id = randomUUID();
  state.styles.set(id, { style, files: files.length });
  return { status: 200, body: { id, credits: 40 } };
}
