import { styleSamplesParams } from "#domain/jobs";
import { quoted, requireJobStyle, type JobKindModule } from "./kind.server";
import { styleFolder } from "../../storage/folders.server";
import { subjectPrompt } from "../prompts";
import { readReferences, styleReferenceFiles } from "../references.server";

/**
 * A style's sample images (its anchors). Samples made by earlier jobs of the style are
 * sent as references, so samples made later match the first ones, and count towards
 * the style's progress.
 */
export const styleSamplesKind: JobKindModule<"style-samples"> = {
  params: styleSamplesParams,
  makes: "samples",
  imageCount: (params) => params.subjects.length,
  objects: () => [],
  title: (_params, { styleName }) => `Sample images for ${quoted(styleName)}`,
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const { references, samples } = await styleReferenceFiles(ctx.db, { styleId: style.id });
    const earlier = samples.filter((s) => s.jobId !== job.id);
    return {
      style,
      role: "anchor",
      tasks: params.subjects.map((subject, position) => ({
        position,
        subject,
        prompt: subjectPrompt({ subject, stylePrompt: style.prompt, transparent: params.transparent }),
        objectId: null,
        seed: style.seed,
        // Each sample is its subject's first drawing: the same style draws the same samples (a
        // preset's are the images its card shows).
        variant: 0,
      })),
      finished: new Set(samples.filter((s) => s.jobId === job.id).map((s) => s.position)),
      references: await readReferences(ctx.storage, [...references, ...earlier]),
      chain: null,
      baseline: earlier.length,
      neighbours: params.subjects,
      avoid: { drawings: [], images: 0 },
      folder: () => styleFolder(job.ownerId, style.id),
    };
  },
};
