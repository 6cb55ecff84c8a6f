import { Router, type Request } from "express";
import multer from "multer";
import { randomInt } from "node:crypto";
import { z } from "zod";
import { InsufficientCreditsError, publishBalance } from "../credits/credits.server";
import {
  cancelJob,
  cancelStyleJobs,
  createMissingAnchorsJob,
  createStyleWithAnchors,
  JobConflictError,
} from "../generation/jobs.server";
import { styleSystemPrompt } from "../generation/prompts";
import { imageSizeValues, detailValues } from "../db/schema";
import type { Services } from "../services.server";
import { extractPalette, paletteFromDescription } from "../styles/palette.server";
import { presentStyle } from "../styles/present-style.server";
import { deleteStyle, getOwnedStyle, listStyles, newId, styleFolder, updateStyle } from "../styles/styles.server";
import { cleanReferenceImage, MAX_REFERENCE_IMAGES, UploadError } from "../styles/uploads.server";
import { AppError } from "./errors.server";
import { requireApiUser } from "./require-user.server";

const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

const createStyleSchema = z.object({
  name: z.string().trim().min(1, "Give the style a name.").max(80),
  description: z.string().trim().min(3, "Describe the style in a few words.").max(2000),
  defaultSize: z.enum(imageSizeValues).default("square"),
  defaultDetail: z.enum(detailValues).default("standard"),
  defaultTransparent: booleanField.default(true),
});

const updateStyleSchema = createStyleSchema.partial();
const idempotencyKeySchema = z.string().min(8).max(200).optional();

export function stylesApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const list = await listStyles(services.database.db, user.id);
    res.setHeader("Cache-Control", "no-store");
    res.json({
      styles: list.map(presentStyle),
      provider: { id: services.provider.id, model: services.provider.model, label: services.provider.label },
    });
  });

  router.post("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const upload = multer({
      storage: multer.memoryStorage(),
      limits: { files: MAX_REFERENCE_IMAGES, fileSize: services.config.generation.maxUploadBytes, fields: 10 },
    }).array("references", MAX_REFERENCE_IMAGES);
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        const message =
          code === "LIMIT_FILE_SIZE"
            ? `Each image must be at most ${Math.round(services.config.generation.maxUploadBytes / 1024 / 1024)} MB.`
            : code === "LIMIT_FILE_COUNT" || code === "LIMIT_UNEXPECTED_FILE"
              ? `Add at most ${MAX_REFERENCE_IMAGES} reference images.`
              : "The upload could not be read.";
        reject(new AppError("bad_request", message));
      }),
    );
    const input = createStyleSchema.parse(req.body);
    const idempotencyKey = idempotencyKeySchema.parse(req.get("Idempotency-Key") ?? undefined);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];

    const styleId = newId();
    const cleaned = [];
    try {
      for (const file of files) cleaned.push(await cleanReferenceImage(file.buffer, file.originalname));
    } catch (error) {
      if (error instanceof UploadError) throw new AppError("bad_request", error.message);
      throw error;
    }
    const palette = cleaned.length
      ? await extractPalette(cleaned.map((c) => c.data))
      : paletteFromDescription(input.description);
    // Files first, rows second: if the rows fail, the files are removed again below.
    const references = [];
    for (const [i, image] of cleaned.entries()) {
      const fileKey = `${styleFolder(user.id, styleId)}/references/${i}.png`;
      await services.storage.put(fileKey, image.data, "image/png");
      references.push({ fileKey, width: image.width, height: image.height, bytes: image.data.length });
    }
    let result;
    try {
      result = await createStyleWithAnchors(services.database.db, {
        userId: user.id,
        styleId,
        idempotencyKey,
        provider: services.provider,
        style: {
          ...input,
          source: cleaned.length ? "image" : "text",
          prompt: styleSystemPrompt({ description: input.description, palette }),
          palette,
          seed: randomInt(1, 2 ** 31 - 1),
          references,
        },
      });
    } catch (error) {
      // Nothing was committed: the uploaded files go too.
      if (references.length) await services.storage.deletePrefix(styleFolder(user.id, styleId));
      if (error instanceof InsufficientCreditsError) {
        throw new AppError("payment_required", `Not enough credits: ${error.message} You were not charged.`);
      }
      throw error;
    }
    // A replay keeps the first submission's files, not this request's copies.
    if (!result.created && references.length) await services.storage.deletePrefix(styleFolder(user.id, styleId));
    // Enqueue on every submission that is still queued (a replay too, in case the first
    // request failed after committing); the queue keeps one entry per job.
    if (result.job.status === "queued") await services.queue?.enqueue(result.job.id);
    if (result.created) await publishBalance(services.database.db, user.id);
    res.status(result.created ? 201 : 200).json({
      style: { id: result.style.id, name: result.style.name },
      job: { id: result.job.id, status: result.job.status, credits: result.job.credits },
    });
  });

  router.patch("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const changes = updateStyleSchema.parse(req.body);
    const style = await updateStyle(services.database.db, { userId: user.id, styleId: req.params.id, changes });
    if (!style) throw new AppError("not_found", "No such style.");
    res.json({ style: { id: style.id, name: style.name } });
  });

  // Makes the samples a style is missing, after a failed or cancelled job.
  router.post("/:id/anchors", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const idempotencyKey = idempotencyKeySchema.parse(req.get("Idempotency-Key"));
    let result;
    try {
      result = await createMissingAnchorsJob(services.database.db, {
        userId: user.id,
        styleId: req.params.id,
        provider: services.provider,
        idempotencyKey,
      });
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        throw new AppError("payment_required", `Not enough credits: ${error.message} You were not charged.`);
      }
      if (error instanceof JobConflictError) throw new AppError("conflict", error.message);
      throw error;
    }
    if (!result) throw new AppError("not_found", "No such style.");
    if (result.job.status === "queued") await services.queue?.enqueue(result.job.id);
    if (result.created) await publishBalance(services.database.db, user.id);
    res.status(result.created ? 201 : 200).json({
      job: { id: result.job.id, status: result.job.status, credits: result.job.credits },
    });
  });

  // Stops the style's unfinished job; what was not made yet is refunded.
  router.post("/:id/cancel", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const style = await getOwnedStyle(services.database.db, { userId: user.id, styleId: req.params.id });
    if (!style) throw new AppError("not_found", "No such style.");
    const result = await cancelJob({ db: services.database.db }, { userId: user.id, styleId: style.id });
    if (!result) throw new AppError("conflict", "Nothing is being generated for this style.");
    res.json({ refunded: result.refund, message: result.jobs[0]!.error });
  });

  router.delete("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    // Unfinished jobs are refunded first; their rows go with the style.
    await cancelStyleJobs({ db: services.database.db }, { userId: user.id, styleId: req.params.id });
    const deleted = await deleteStyle(services.database.db, services.storage, {
      userId: user.id,
      styleId: req.params.id,
    });
    if (!deleted) throw new AppError("not_found", "No such style.");
    res.json({ success: true });
  });

  return router;
}
