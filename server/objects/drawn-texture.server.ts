import type { Actor } from "#domain/actor";
import { eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { TextureParams } from "#domain/jobs";
import { isPreview } from "#domain/preview";
import type { DrawnTextureInput } from "#domain/tiles";
import { styles } from "../db/schema";
import { chooseProviderThatCan } from "../generation/choose-provider.server";
import type { ObjectDeps } from "./generate-objects.server";
import { startObjectJob } from "./object-jobs.server";
import { requireOwnedObject } from "./object-records.server";

export const PREVIEW_DRAWS_TEXTURES =
  "The preview engine draws textures itself, from the object's material: use Seamless tile, which is free. Drawing a texture needs a model.";

/**
 * "Draw a texture": the object's material (its name, or the words given) drawn by a model as a
 * square texture that Motif makes wrap — a paid job of one image, priced like one square image of
 * the object on that model, refunded by the job's rules. The preview engine cannot: it draws its
 * own textures free (a 409 says so).
 */
export async function drawTexture(
  deps: ObjectDeps,
  options: { actor: Actor; objectId: string; input: DrawnTextureInput },
) {
  const { input, actor } = options;
  const { db } = deps.database;
  const object = await requireOwnedObject(db, { workspaceId: actor.workspaceId, objectId: options.objectId });
  const [style] = await db
    .select({ defaultModel: styles.defaultModel })
    .from(styles)
    .where(eq(styles.id, object.styleId));
  const provider = chooseProviderThatCan(
    deps.providers,
    { requested: input.model, styleDefault: style?.defaultModel },
    (candidate) => !isPreview(candidate.id),
    () => new AppError("conflict", PREVIEW_DRAWS_TEXTURES, { field: "model" }),
  );
  const params: TextureParams = {
    v: 1,
    objectId: object.id,
    name: object.name,
    words: input.words ?? null,
    // A tile is square, and fills its square: no transparency.
    size: "square",
    detail: object.detail,
    transparent: false,
  };
  return { job: await startObjectJob(deps, object, { kind: "texture", params, provider }, actor) };
}
