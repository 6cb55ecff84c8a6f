import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { limits } from "#domain/limits";
import { text } from "#domain/requests/building-blocks";
import { previewPng } from "./image-content.server";
import { imagesOfJob, imagesOfObjects, type MadeImage } from "./job-images.server";
import { imageLink } from "./tool-results.server";
import { defineTool } from "./tool.server";

/** Images in one answer: a dozen icons at the default size come to a few megabytes. */
export const IMAGES_PER_CALL = 16;
export const DEFAULT_EDGE = 512;
const MIN_EDGE = 64;
const MAX_EDGE = 1024;
/** Images decoded at once: sharp has its own threads, and the machine may be small. */
const AT_ONCE = 4;

const selectionSchema = z
  .object({
    jobId: text().min(1).max(64).optional(),
    objectIds: z
      .array(text().min(1).max(64))
      .min(1, "Name at least one object.")
      .max(limits.subjectsPerSet, `Name at most ${limits.subjectsPerSet} objects at a time.`)
      .optional(),
  })
  .superRefine((s, ctx) => {
    // Named by what is missing, or by what is one too many: an agent that sent nothing learns what to send.
    if (s.jobId === undefined && s.objectIds === undefined)
      ctx.addIssue({ code: "custom", message: "Missing jobId or objectIds: give one, to say which images to return." });
    if (s.jobId !== undefined && s.objectIds !== undefined)
      ctx.addIssue({ code: "custom", path: ["objectIds"], message: "Give either jobId or objectIds, not both." });
  });

const imagesResult = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  images: z.array(
    z.object({
      id: z.string(),
      objectId: z.string().nullable(),
      subject: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      url: z.string(),
    }),
  ),
});

async function mapInBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}

/** get_images: the pictures themselves, small enough to look at, with links to the full files. */
export const getImagesTool = defineTool({
  name: "get_images",
  title: "Get images",
  description:
    "Returns the images a job made (jobId) or every image of some objects (objectIds) as PNG image " +
    `content, scaled down to at most \`size\` pixels on the longer side (${DEFAULT_EDGE} by default), ` +
    `${IMAGES_PER_CALL} at a time (use offset for the rest), each with a link to the full-size file. ` +
    "The links need the same Authorization: Bearer API key header as this server.",
  input: {
    jobId: z.string().optional().describe("A job id from generate_objects or create_style."),
    objectIds: z.array(z.string()).optional().describe("Object ids from generate_objects or get_job."),
    size: z
      .number()
      .int()
      .min(MIN_EDGE, `Choose a size of ${MIN_EDGE} to ${MAX_EDGE} pixels.`)
      .max(MAX_EDGE, `Choose a size of ${MIN_EDGE} to ${MAX_EDGE} pixels.`)
      .optional()
      .describe(
        `The longest side of each returned image, ${MIN_EDGE} to ${MAX_EDGE} pixels (default ${DEFAULT_EDGE}).`,
      ),
    offset: z
      .number()
      .int()
      .min(0, "The offset is 0 or more.")
      .optional()
      .describe("How many images to skip (default 0)."),
  },
  output: imagesResult,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ services, user }, args) {
    const { db } = services.database;
    const selection = selectionSchema.parse({ jobId: args.jobId, objectIds: args.objectIds });
    const all = selection.jobId
      ? await imagesOfJob(db, { workspaceId: user.workspace.id, jobId: selection.jobId })
      : await imagesOfObjects(db, { workspaceId: user.workspace.id, objectIds: selection.objectIds! });
    const offset = args.offset ?? 0;
    const page = all.slice(offset, offset + IMAGES_PER_CALL);
    const edge = args.size ?? DEFAULT_EDGE;
    const pictures = await mapInBatches(page, AT_ONCE, async (image: MadeImage) => {
      const original = await services.storage.read(image.fileKey);
      if (!original) throw new AppError("not_found", "No such image.");
      return { image, png: await previewPng(original, edge) };
    });
    const listed = pictures.map(({ image }) => ({
      id: image.id,
      objectId: image.objectId,
      subject: image.subject,
      width: image.width,
      height: image.height,
      url: imageLink(services, image.id),
    }));
    const rest = all.length - offset - page.length;
    const summary =
      all.length === 0
        ? "No images yet. If the job is still running, call get_job with wait_seconds first."
        : page.length === 0
          ? `There are ${all.length} images: choose an offset below ${all.length}.`
          : `Images ${offset + 1} to ${offset + page.length} of ${all.length}` +
            (rest > 0 ? ` (call again with offset ${offset + page.length} for the other ${rest})` : "") +
            `, at most ${edge} px. The full-size links need the header Authorization: Bearer <your API key>.`;
    const content: CallToolResult["content"] = [{ type: "text", text: summary }];
    for (const { image, png } of pictures) {
      content.push({
        type: "text",
        text: `${image.subject} (image ${image.id}): ${imageLink(services, image.id)}`,
      });
      content.push({ type: "image", data: png.toString("base64"), mimeType: "image/png" });
    }
    return { content, structuredContent: { total: all.length, offset, images: listed } };
  },
});
