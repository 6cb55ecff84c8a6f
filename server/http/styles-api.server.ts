import { Router, type Request } from "express";
import multer from "multer";
import { limits } from "#domain/limits";
import { createStyleSchema, updateStyleSchema } from "#domain/styles";
import type { Services } from "../services.server";
import { createStyle } from "../styles/create-style.server";
import { presentStyle } from "../styles/present-style.server";
import { cancelStyleSamples, makeMissingSamples } from "../styles/style-sample-commands.server";
import { removeStyle } from "../styles/remove-style.server";
import { listStyles, updateStyle } from "../styles/styles.server";
import { AppError } from "./errors.server";
import { assertNoControlCharacters } from "./refuse-control-characters.server";
import { answerOnce, uploadDigest } from "./idempotent.server";
import { requireApiUser } from "./require-user.server";

const MAX_REFERENCE_IMAGES = limits.referenceImages;

export function stylesApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const list = await listStyles(services.database.db, user.id);
    res.setHeader("Cache-Control", "no-store");
    res.json({
      styles: list.map(presentStyle),
      provider: {
        id: services.providers.default.id,
        model: services.providers.default.model,
        label: services.providers.default.label,
      },
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
    assertNoControlCharacters(req);
    const input = createStyleSchema.parse(req.body);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: { input, files: await Promise.all(files.map(uploadDigest)) },
      async run() {
        const result = await createStyle(services, { userId: user.id, input, files });
        return {
          status: 201,
          body: {
            style: { id: result.style.id, name: result.style.name },
            job: { id: result.job.id, status: result.job.status, credits: result.job.credits },
          },
        };
      },
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
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: null,
      async run() {
        const result = await makeMissingSamples(services, { userId: user.id, styleId: req.params.id });
        return {
          status: 201,
          body: { job: { id: result.job.id, status: result.job.status, credits: result.job.credits } },
        };
      },
    });
  });

  // Stops the style's unfinished sample job; what was not made yet is refunded.
  router.post("/:id/cancel", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const result = await cancelStyleSamples(services, { userId: user.id, styleId: req.params.id });
    res.json({ refunded: result.refund, message: result.job.error });
  });

  router.delete("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    await removeStyle(
      { db: services.database.db, storage: services.storage },
      { userId: user.id, styleId: req.params.id },
    );
    res.json({ success: true });
  });

  return router;
}
