import type { Actor } from "#domain/actor";
import { and, eq } from "drizzle-orm";
import type { EditImageInput } from "#domain/image-lineage";
import { AppError } from "#domain/errors";
import { type EditParams } from "#domain/jobs";
import { images, styles } from "../db/schema";
import { chooseProviderThatCan } from "../generation/choose-provider.server";
import { hasRealAlpha } from "../generation/store-image.server";
import type { ImageProvider } from "../generation/providers/provider";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import { startObjectJob } from "./object-jobs.server";
import { readPaintedMask } from "../images/edit-mask.server";
import type { ObjectDeps } from "./generate-objects.server";
import { requireOwnedObject } from "./object-records.server";

/**
 * The model an edit runs with: the one asked for, which must be able to do it; otherwise the
 * style's default, the operator's default, or the first model on offer that can.
 */
export function chooseEditor(
  providers: ProviderRegistry,
  options: { requested?: string | null; styleDefault?: string | null; region: boolean },
): ImageProvider {
  return chooseProviderThatCan(
    providers,
    options,
    (p) => Boolean(p.edit) && p.capabilities.edit.words && (!options.region || p.capabilities.edit.region),
    (chosen) => cannotEdit(chosen, options.region),
  );
}

function cannotEdit(provider: ImageProvider, region: boolean): AppError {
  const what = region ? "repaint a region of an image" : "edit images";
  const why = provider.capabilities.edit.why ? ` ${provider.capabilities.edit.why}` : "";
  return new AppError("conflict", `${provider.label} cannot ${what}.${why}`, { field: "model" });
}

/**
 * "Edit with words" and "repaint a region" on one of an object's images, as a paid job of one
 * image: priced like one image of the object, paid once, refunded by the job's rules. The new
 * image keeps the base's transparency and is recorded as made from it.
 */
export async function editObjectImage(
  deps: ObjectDeps,
  options: {
    actor: Actor;
    objectId: string;
    input: EditImageInput;
  },
) {
  const { db } = deps.database;
  const { input, actor } = options;
  const object = await requireOwnedObject(db, { workspaceId: actor.workspaceId, objectId: options.objectId });
  const [[base], [style]] = await Promise.all([
    db
      .select({ id: images.id, width: images.width, height: images.height, fileKey: images.fileKey })
      .from(images)
      .where(and(eq(images.id, input.imageId), eq(images.objectId, object.id))),
    db.select({ defaultModel: styles.defaultModel }).from(styles).where(eq(styles.id, object.styleId)),
  ]);
  if (!base) throw new AppError("not_found", "No such image.", { field: "imageId" });
  const provider = chooseEditor(deps.providers, {
    requested: input.model,
    styleDefault: style?.defaultModel,
    region: input.mask !== undefined,
  });
  const mask = input.mask ? (await readPaintedMask(input.mask, base)).toString("base64") : null;
  // Transparent by its pixels, not its format: an opaque image saved with an alpha channel
  // (every pixel at 255) is edited, and stored, as the opaque image it is.
  const file = await deps.storage.read(base.fileKey);
  if (!file) throw new AppError("not_found", "The image's file is missing.", { field: "imageId" });
  const params: EditParams = {
    v: 1,
    objectId: object.id,
    name: object.name,
    imageId: base.id,
    instruction: input.instruction,
    mask,
    size: object.size,
    detail: object.detail,
    transparent: await hasRealAlpha(file),
  };
  const job = await startObjectJob(deps, object, { kind: "edit", params, provider }, actor);
  return { job };
}
