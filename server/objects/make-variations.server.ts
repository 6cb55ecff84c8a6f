import type { Actor } from "#domain/actor";
import type { z } from "zod";
import { type VariationsParams } from "#domain/jobs";
import type { objectViewsRequestSchema, variationsRequestSchema } from "#domain/objects";
import { eq } from "drizzle-orm";
import { styles } from "../db/schema";
import { AppError } from "#domain/errors";
import { chooseProvider, chooseProviderThatCan } from "../generation/choose-provider.server";
import { startObjectJob } from "./object-jobs.server";
import type { ObjectDeps } from "./generate-objects.server";
import { requireOwnedObject } from "./object-records.server";

type ViewsInput = z.output<typeof objectViewsRequestSchema>;

/**
 * The same object again, one image per pose, view or state asked for ("running", "side view"):
 * a variations job whose images each carry their view, drawn from the object's cover.
 */
export async function makeViews(deps: ObjectDeps, options: { actor: Actor; objectId: string; input: ViewsInput }) {
  const { actor, objectId } = options;
  const object = await requireOwnedObject(deps.database.db, { workspaceId: actor.workspaceId, objectId });
  const [style] = await deps.database.db
    .select({ defaultModel: styles.defaultModel })
    .from(styles)
    .where(eq(styles.id, object.styleId));
  // Refused before anything is made or paid when the model cannot pose; another that can is taken
  // unless one was asked for by name.
  const provider = chooseProviderThatCan(
    deps.providers,
    { requested: options.input.model, styleDefault: style?.defaultModel },
    (p) => !p.capabilities.cannotPose,
    (chosen) =>
      new AppError(
        "conflict",
        `${chosen.label} cannot draw other views. ${chosen.capabilities.cannotPose ?? ""}`.trim(),
        {
          field: "model",
        },
      ),
  );
  return makeVariations(deps, { ...options, input: { ...options.input, model: provider.id } });
}

/**
 * More images of one object, as a paid job: by default in the object's own size,
 * detail and transparency; any of them can be changed ("generate again").
 */
export async function makeVariations(
  deps: ObjectDeps,
  options: {
    actor: Actor;
    objectId: string;
    input: z.output<typeof variationsRequestSchema> | ViewsInput;
  },
) {
  const { db } = deps.database;
  const { actor } = options;
  const object = await requireOwnedObject(db, { workspaceId: actor.workspaceId, objectId: options.objectId });
  const [style] = await db
    .select({ defaultModel: styles.defaultModel })
    .from(styles)
    .where(eq(styles.id, object.styleId));
  const provider = chooseProvider(deps.providers, {
    requested: options.input.model,
    styleDefault: style?.defaultModel,
  });
  const params: VariationsParams = {
    v: 1,
    objectId: object.id,
    name: object.name,
    count: "views" in options.input ? options.input.views.length : options.input.count,
    ...("views" in options.input ? { views: options.input.views } : {}),
    size: options.input.size ?? object.size,
    detail: options.input.detail ?? object.detail,
    transparent: options.input.transparent ?? object.transparent,
  };
  const job = await startObjectJob(deps, object, { kind: "variations", params, provider }, actor);
  return { job };
}
