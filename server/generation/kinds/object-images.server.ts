import { and, asc, eq, notExists } from "drizzle-orm";
import { objectImagesParams } from "#domain/jobs";
import { images, objects } from "../../db/schema";
import { objectFolder } from "../../storage/folders.server";
import { seedFor, subjectPrompt } from "../prompts";
import { characterForJob, learnedModelFor } from "../learned.server";
import { readReferences, styleReferenceFiles } from "../references.server";
import { quoted, requireJobStyle, type JobKindModule, styleSubjects } from "./kind.server";

/**
 * A set: each named object made `variations` times in one style, matched to the
 * style's references and samples, and chained (the set's first image joins the
 * references for the rest). Positions run object by object: object i's variant v is
 * at i × variations + v.
 */
export const objectImagesKind: JobKindModule<"object-images"> = {
  params: objectImagesParams,
  makes: "objects",
  imageCount: (params) => params.objects.length * params.variations,
  objects: (params) => params.objects.map((object) => ({ ...object, total: params.variations })),
  title(_params, { styleName, objectNames: names }) {
    if (names.length === 1) return `Object ${quoted(names[0]!)} · ${styleName}`;
    const shown = names.slice(0, 2).map(quoted).join(", ");
    const more = names.length > 2 ? ` and ${names.length - 2} more` : "";
    return `${names.length} objects (${shown}${more}) · ${styleName}`;
  },
  // Objects of a set that ended before any image of theirs was made are not kept as empty records.
  async onEnd(tx, job) {
    await tx
      .delete(objects)
      .where(
        and(
          eq(objects.setId, job.id),
          notExists(tx.select({ id: images.id }).from(images).where(eq(images.objectId, objects.id))),
        ),
      );
  },
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const [{ references, samples }, stored] = await Promise.all([
      styleReferenceFiles(ctx.db, { styleId: style.id }),
      ctx.db
        .select({ position: images.position, fileKey: images.fileKey, format: images.format })
        .from(images)
        .where(eq(images.jobId, job.id))
        .orderBy(asc(images.createdAt), asc(images.position)),
    ]);
    const [first] = stored.length ? await readReferences(ctx.storage, [stored[0]!]) : [];
    const character = params.character
      ? await characterForJob(ctx, { characterId: params.character.id, ...params.character })
      : null;
    const learned =
      (await learnedModelFor(ctx.db, {
        styleId: style.id,
        provider: job.provider,
        strength: params.learnedStrength ?? undefined,
      })) ??
      (params.character
        ? await learnedModelFor(ctx.db, {
            characterId: params.character.id,
            provider: job.provider,
            strength: params.learnedStrength ?? undefined,
          })
        : undefined);
    const extra = [character?.words, params.prompt].filter(Boolean).join(" ") || null;
    return {
      style,
      role: "object",
      tasks: params.objects.flatMap((object, i) =>
        Array.from({ length: params.variations }, (_, v) => ({
          position: i * params.variations + v,
          subject: object.name,
          prompt: subjectPrompt({
            subject: object.name,
            extra,
            stylePrompt: style.prompt,
            transparent: params.transparent,
          }),
          objectId: object.id,
          seed: seedFor(style.seed, object.name, v),
          variant: v,
        })),
      ),
      finished: new Set(stored.map((s) => s.position)),
      references: await readReferences(ctx.storage, [...references, ...samples]),
      ...(character ? { identity: character.references } : {}),
      ...(learned ? { learned } : {}),
      chain: { first: first ?? null },
      baseline: 0,
      // New objects have no drawings yet: their variations are the subject's first drawings in order.
      avoid: { drawings: [], images: 0 },
      neighbours: [...new Set([...params.objects.map((o) => o.name), ...(await styleSubjects(ctx, style.id))])],
      folder: (task) => objectFolder(job.ownerId, style.id, task.objectId!),
    };
  },
};
