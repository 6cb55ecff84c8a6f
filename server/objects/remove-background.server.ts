import type { Actor } from "#domain/actor";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import { MatteError } from "../generation/pipeline/matte.server";
import type { MattingModel } from "../generation/pipeline/matting-model.server";
import { removeFlatBackground } from "../generation/pipeline/remove-background.server";
import { hasRealAlpha } from "../generation/store-image.server";
import { deriveObjectImage, type DerivedImageDeps } from "./derived-images.server";

/**
 * "Remove background" on one of an object's images: a new, transparent variant of the object,
 * at the operator's price, made once per image (deriveObjectImage says how it is paid and kept).
 */
export async function removeImageBackground(
  deps: DerivedImageDeps & { matting?: MattingModel },
  options: {
    actor: Actor;
    objectId: string;
    imageId: string;
    price: number;
  },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  return deriveObjectImage(
    deps,
    { workspaceId: options.actor.workspaceId, objectId: options.objectId, imageId: options.imageId },
    {
      operation: "background-removed",
      params: null,
      suffix: "-no-background",
      charge: {
        price: options.price,
        reason: "background_removal",
        actor: options.actor,
      },
    },
    async (source, original) => {
      if (await hasRealAlpha(original))
        throw new AppError("conflict", "This image's background is already transparent.");
      try {
        const result = await removeFlatBackground(original, { matting: deps.matting });
        return { data: result.data, width: source.width, height: source.height };
      } catch (error) {
        if (error instanceof MatteError) throw new AppError("bad_request", error.message);
        throw error;
      }
    },
  );
}
