import { AppError } from "#domain/errors";
import type { UpscaleFactor } from "#domain/image-lineage";
import type { ObjectImageView } from "#domain/objects";
import { basicUpscale } from "../images/basic-upscale.server";
import { deriveObjectImage, type DerivedImageDeps } from "./derived-images.server";
import type { EngineServices } from "../generation/engine-services";

/**
 * "Upscale ×2 / ×4" on one of an object's images, by Motif's basic upscale (no AI, free): a new
 * image of the object, made once per image and factor; asking again answers with that image.
 * Refused, before the upscale is made, when the result would be longer than `maxSide` on a side.
 */
/** What the basic upscale works with, from the app's services. */
export const upscaleDepsOf = (services: Pick<EngineServices, "database" | "storage" | "imageUrls" | "config">) => ({
  db: services.database.db,
  storage: services.storage,
  signer: services.imageUrls,
  maxSide: services.config.upscale.maxSide,
});

export async function upscaleObjectImage(
  deps: DerivedImageDeps & { maxSide: number },
  options: { workspaceId: string; objectId: string; imageId: string; factor: UpscaleFactor },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { factor } = options;
  return deriveObjectImage(
    deps,
    options,
    { operation: "upscaled", params: { factor, method: "basic" }, suffix: `-x${factor}` },
    async (source, original) => {
      upscaleTooLarge(source, factor, deps.maxSide);
      return basicUpscale(original, factor);
    },
  );
}

/** Refuses, before any work, an upscale whose result would be longer than `maxSide` on a side. */
export function upscaleTooLarge(source: { width: number; height: number }, factor: UpscaleFactor, maxSide: number) {
  const [width, height] = [source.width * factor, source.height * factor];
  if (Math.max(width, height) > maxSide) {
    throw new AppError(
      "bad_request",
      `×${factor} would make ${width} × ${height} px; this Motif makes images up to ${maxSide} px on a side.`,
    );
  }
}
