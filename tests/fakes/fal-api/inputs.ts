// The input images of a submission, downloaded as fal's runners download them: from this
// fake's storage only, decoded as images, a mask the size of its image; a LoRA on this fake's
// storage must be one of its files.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { isFill, isLora, isUpscaler } from "./endpoints.ts";
import type { ReceivedImage, FalState } from "./state.ts";
import { fileAt } from "./storage.ts";

/**
 * Downloads the input images as fal's runner does, from this fake's storage: a URL it did
 * not serve cannot be downloaded, a file that is not an image cannot be loaded, and Fill's
 * mask must be its image's size.
 */
export async function download(
  state: FalState,
  model: string,
  input: Record<string, unknown>,
  imageUrls: unknown[],
): Promise<
  | { images: ReceivedImage[]; image: ReceivedImage | null; mask: ReceivedImage | null }
  | { error: { loc: (string | number)[]; msg: string; type: string; url?: string } }
> {
  const images: ReceivedImage[] = [];
  for (const [i, u] of imageUrls.entries()) {
    const got = await receive(state, String(u), ["body", "image_urls", i]);
    if ("error" in got) return got;
    images.push(got);
  }
  if (isLora(model)) {
    // A LoRA on this fake's storage must be there; fal downloads others from anywhere.
    for (const [i, lora] of ((input.loras ?? []) as { path: string }[]).entries()) {
      if (lora.path.startsWith(`${state.url}/files/`) && !fileAt(state, lora.path)) {
        return {
          error: {
            loc: ["body", "loras", i, "path"],
            msg: "Failed to download the file. Please check if the URL is accessible and try again.",
            type: "file_download_error",
          },
        };
      }
    }
  }
  if (isUpscaler(model)) {
    const image = await receive(state, String(input.image_url), ["body", "image_url"]);
    return "error" in image ? image : { images, image, mask: null };
  }
  if (!isFill(model)) return { images, image: null, mask: null };
  const image = await receive(state, String(input.image_url), ["body", "image_url"]);
  if ("error" in image) return image;
  const mask = await receive(state, String(input.mask_url), ["body", "mask_url"]);
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
  state: FalState,
  address: string,
  loc: (string | number)[],
): Promise<ReceivedImage | { error: { loc: (string | number)[]; msg: string; type: string; url: string } }> {
  const file = fileAt(state, address);
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
