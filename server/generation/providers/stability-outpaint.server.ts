import sharp from "sharp";
import { placementOnCanvas } from "./canvas-placement.server";
import { postForImage, type StabilityConnection } from "./stability-http.server";
import {
  ProviderError,
  type EditRequest,
  type GeneratedImage,
  type GenerateRequest,
  type ReferenceImage,
} from "./provider";

/** The most Stability's Outpaint adds on one side, in pixels. */
export const MAX_OUTPAINT_PX = 2000;

/**
 * Stability's own outpaint: the picture as it is (not on a larger canvas) and how many pixels to
 * add on each side; the model paints the new space to continue it, as `prompt` says if given.
 */
export interface StabilityOutpaintRequest extends Pick<GenerateRequest, "signal"> {
  image: ReferenceImage;
  left?: number;
  right?: number;
  up?: number;
  down?: number;
  prompt?: string;
  seed?: number;
  /** 0 to 1 (Stability's default 0.5): how much the new space may invent. */
  creativity?: number;
}

const SIDES = ["left", "right", "up", "down"] as const;

/** One outpaint (POST /v2beta/stable-image/edit/outpaint), answered with the larger image. */
export async function stabilityOutpaint(
  connection: StabilityConnection,
  request: StabilityOutpaintRequest,
  signal: AbortSignal,
): Promise<GeneratedImage> {
  const sides = Object.fromEntries(SIDES.map((side) => [side, Math.round(request[side] ?? 0)]));
  if (Object.values(sides).some((px) => px < 0 || px > MAX_OUTPAINT_PX)) {
    throw new ProviderError(`Stability's outpaint adds 0 to ${MAX_OUTPAINT_PX} pixels on a side`);
  }
  if (Object.values(sides).every((px) => px === 0)) {
    throw new ProviderError("Stability's outpaint needs at least one side to extend");
  }
  return postForImage(
    connection,
    "/v2beta/stable-image/edit/outpaint",
    {
      image: request.image,
      ...sides,
      prompt: request.prompt?.trim() || undefined,
      seed: request.seed,
      creativity: request.creativity,
      output_format: "png",
    },
    signal,
  );
}

/**
 * An outpaint as the engine asks it (EditRequest.outpaint: the picture on a larger canvas, the mask
 * white over the new space) made by Stability's own outpaint: the picture cut out of the canvas,
 * the new space as pixels on each side, one request per seed. Each answer comes back at the
 * canvas's size, as any edit does, whatever size Stability made it.
 */
export async function outpaintOnCanvas(
  connection: StabilityConnection,
  request: EditRequest & { mask: Buffer },
  seeds: number[],
  signal: AbortSignal,
): Promise<GeneratedImage[]> {
  const placed = await placementOnCanvas(request.base.data, request.mask);
  const image: ReferenceImage = { data: placed.picture, mimeType: "image/png" };
  const sides = { left: placed.left, right: placed.right, up: placed.top, down: placed.bottom };
  return Promise.all(
    seeds.map(async (seed) => {
      const made = await stabilityOutpaint(connection, { image, ...sides, prompt: request.prompt, seed }, signal);
      const size = await sharp(made.data).metadata();
      if (size.width === placed.width && size.height === placed.height) return made;
      const data = await sharp(made.data)
        .resize({ width: placed.width, height: placed.height, fit: "fill" })
        .png()
        .toBuffer();
      return { data, format: "png" as const };
    }),
  );
}
