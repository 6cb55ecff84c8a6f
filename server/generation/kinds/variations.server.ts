import { and, asc, count, eq, ne, or, isNull } from "drizzle-orm";
import { images } from "../../db/schema";
import { objectFolder } from "../../storage/folders.server";
import { seedFor, subjectPrompt } from "../prompts";
import { readReferences, styleReferenceFiles } from "../references.server";
import { variationsParams } from "#domain/jobs";
import {
  oneObject,
  quoted,
  requireJobObject,
  requireJobStyle,
  type JobKindModule,
  styleSubjects,
  drawnForObject,
} from "./kind.server";

/**
 * More images of one object: matched to its cover first, then to the style's
 * references and samples. Seeds continue after the object's earlier images, so each
 * variation differs from those. With views, each image is one of them, and remembers it.
 */
export const variationsKind: JobKindModule<"variations"> = {
  params: variationsParams,
  makes: "objects",
  imageCount: (params) => params.count,
  objects: (params) => oneObject(params, params.count),
  title(params, { objectNames }) {
    const { count } = params;
    const what = params.views ? (count === 1 ? "view" : "views") : count === 1 ? "variation" : "variations";
    return `${count} ${what} of ${quoted(objectNames[0] ?? params.name)}`;
  },
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [cover, [earlier], stored, { references, samples }] = await Promise.all([
      ctx.db
        .select({ id: images.id, fileKey: images.fileKey, format: images.format })
        .from(images)
        .where(
          and(eq(images.objectId, object.id), object.coverImageId ? eq(images.id, object.coverImageId) : undefined),
        )
        .orderBy(asc(images.createdAt))
        .limit(1),
      ctx.db
        .select({ count: count() })
        .from(images)
        .where(and(eq(images.objectId, object.id), or(isNull(images.jobId), ne(images.jobId, job.id)))),
      ctx.db.select({ position: images.position }).from(images).where(eq(images.jobId, job.id)),
      styleReferenceFiles(ctx.db, { styleId: style.id }),
    ]);
    const offset = earlier?.count ?? 0;
    const fromImageId = cover[0]?.id ?? null;
    return {
      style,
      role: "object",
      tasks: Array.from({ length: params.count }, (_, position) => {
        const view = params.views?.[position];
        return {
          position,
          subject: object.name,
          prompt: subjectPrompt({
            subject: object.name,
            // A view is said after the object's own words: the same thing, drawn another way.
            extra: [object.prompt, view && `The same ${object.name}, ${view}`].filter(Boolean).join(", ") || null,
            stylePrompt: style.prompt,
            transparent: params.transparent,
          }),
          objectId: object.id,
          seed: seedFor(style.seed, object.name, offset + position),
          variant: position,
          ...(view ? { madeFrom: { imageId: fromImageId, operation: "generated", params: { view } } } : {}),
        };
      }),
      finished: new Set(stored.map((s) => s.position)),
      references: await readReferences(ctx.storage, [...cover, ...references, ...samples]),
      chain: null,
      baseline: 0,
      neighbours: await styleSubjects(ctx, style.id),
      avoid: await drawnForObject(ctx, object.id),
      // The drawing a person chose for the object: its new images redraw it (its tints, then its mirror).
      drawing: object.drawing,
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
};
