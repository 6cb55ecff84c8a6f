import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { idempotencyKeySchema } from "#domain/idempotency";
import { limits } from "#domain/limits";
import {
  createStyleSchema,
  samplesPrice,
  UPLOAD_ERROR_DETAILS,
  updateStyleSchema,
  type CreateStyleInput,
} from "#domain/styles";
import { chooseProvider } from "../generation/choose-provider.server";
import { presentModels } from "../generation/providers/model-views.server";
import { failedProviderChecks } from "../generation/providers/provider-checks.server";
import type { Services } from "../services.server";
import { createStyle } from "../styles/create-style.server";
import { editStyle } from "../styles/edit-style.server";
import { presentImageLink } from "../images/signed-urls.server";
import { presentStyle } from "../styles/present-style.server";
import { cancelStyleSamples, makeMissingSamples, regenerateSamples } from "../styles/style-sample-commands.server";
import { addReferences, referenceRoom, removeReference } from "../styles/style-references.server";
import { keepSamples, samplesStaleOf } from "../styles/style-samples.server";
import { removeStyle } from "../styles/remove-style.server";
import { listStyles } from "../styles/styles.server";
import { assertCanAfford } from "../styles/upload-checks.server";
import { AppError } from "./errors.server";
import { closeAfterAnswer, receiveReferenceUploads, refuseOversizedBody } from "./reference-uploads.server";
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
      styles: list.map((style) => presentStyle(style, services.imageUrls)),
      provider: {
        id: services.providers.default.id,
        model: services.providers.default.model,
        label: services.providers.default.label,
      },
      models: presentModels(services.providers, await failedProviderChecks(services.database.db)),
    });
  });

  // Every check that needs no body comes before the body is read: size, then balance.
  router.post("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { db } = services.database;
    const maxBytes = services.config.generation.maxUploadBytes;
    const idempotencyKey = idempotencyKeySchema.parse(req.get("Idempotency-Key") ?? undefined);
    refuseOversizedBody(req, res, { maxFiles: MAX_REFERENCE_IMAGES, maxBytes });
    const affordable = (price: number) => assertCanAfford(db, { userId: user.id, price, idempotencyKey });
    // Before the fields are read, the least a style can cost; then the chosen model's price.
    const cheapest = Math.min(
      ...services.providers.offered.map(({ prices }) => samplesPrice({ size: "square", detail: "draft", prices })),
    );
    const priceOf = (input: Pick<CreateStyleInput, "defaultSize" | "defaultDetail" | "defaultModel">) =>
      samplesPrice({
        size: input.defaultSize,
        detail: input.defaultDetail,
        prices: chooseProvider(services.providers, { requested: input.defaultModel }).prices,
      });
    try {
      await affordable(cheapest);
    } catch (error) {
      closeAfterAnswer(res);
      throw error;
    }
    const uploads = await receiveReferenceUploads(req, res, {
      maxFiles: MAX_REFERENCE_IMAGES,
      maxBytes,
      // The fields come first: the exact price is known before any file is written.
      beforeFirstFile: async () => {
        const fields = createStyleSchema.safeParse(req.body);
        if (fields.success) await affordable(priceOf(fields.data));
      },
    });
    try {
      assertNoControlCharacters(req);
      const input = createStyleSchema.parse(req.body);
      await affordable(priceOf(input));
      const files = uploads.files;
      await answerOnce(db, req, res, {
        userId: user.id,
        content: { input, files: await Promise.all(files.map(uploadDigest)) },
        async run() {
          try {
            const result = await createStyle(services, { userId: user.id, input, files, apiKeyId: user.apiKeyId });
            return {
              status: 201,
              body: {
                style: { id: result.style.id, name: result.style.name },
                job: { id: result.job.id, status: result.job.status, credits: result.job.credits },
              },
            };
          } finally {
            // Before answering: the temporary files never outlive the request.
            await uploads.cleanup();
          }
        },
      });
    } finally {
      await uploads.cleanup();
    }
  });

  router.patch("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const changes = updateStyleSchema.parse(req.body);
    // A default model must be one on offer; null goes back to the operator's default.
    if (changes.defaultModel) chooseProvider(services.providers, { requested: changes.defaultModel });
    const style = await editStyle(
      { db: services.database.db, storage: services.storage },
      { userId: user.id, styleId: req.params.id, changes },
    );
    const samplesStale = await samplesStaleOf(services.database.db, style);
    res.json({ style: { id: style.id, name: style.name, samplesStale } });
  });

  // Adds reference images to a style (multipart `references`); the limit is checked before the body is read.
  router.post("/:id/references", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const maxBytes = services.config.generation.maxUploadBytes;
    const room = await referenceRoom(services.database.db, { userId: user.id, styleId: req.params.id });
    if (room <= 0) {
      closeAfterAnswer(res);
      throw new AppError(
        "conflict",
        `This style already has ${MAX_REFERENCE_IMAGES} reference images, the most it can have. Remove one first.`,
        UPLOAD_ERROR_DETAILS,
      );
    }
    refuseOversizedBody(req, res, { maxFiles: room, maxBytes });
    const uploads = await receiveReferenceUploads(req, res, { maxFiles: room, maxBytes });
    let added;
    try {
      assertNoControlCharacters(req);
      added = await addReferences(
        { db: services.database.db, storage: services.storage },
        { userId: user.id, styleId: req.params.id, files: uploads.files },
      );
    } finally {
      await uploads.cleanup();
    }
    res.status(201).json({
      references: added.map((r) => ({
        id: r.id,
        ...presentImageLink(services.imageUrls, { kind: "reference", id: r.id }),
      })),
    });
  });

  router.delete("/:id/references/:referenceId", async (req: Request<{ id: string; referenceId: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { id: styleId, referenceId } = z.object({ id: z.string(), referenceId: z.string() }).parse(req.params);
    await removeReference(
      { db: services.database.db, storage: services.storage },
      { userId: user.id, styleId, referenceId },
    );
    res.json({ success: true });
  });

  /**
   * A paid sample job for the style in the path, answered once per Idempotency-Key: 201 when
   * it starts one, 200 with the style's unfinished sample job when there is one already.
   */
  const sampleJobRoute =
    (command: typeof makeMissingSamples) => async (req: Request<{ id: string }>, res: Response) => {
      const services = await getServices();
      const user = await requireApiUser(req, services);
      await answerOnce(services.database.db, req, res, {
        userId: user.id,
        content: null,
        async run() {
          const { job, existing } = await command(services, {
            userId: user.id,
            styleId: req.params.id,
            apiKeyId: user.apiKeyId,
          });
          return {
            status: existing ? 200 : 201,
            body: { job: { id: job.id, status: job.status, credits: job.credits } },
          };
        },
      });
    };

  // Makes the samples a style is missing, after a failed or cancelled job.
  router.post("/:id/anchors", sampleJobRoute(makeMissingSamples));

  // Replaces the samples with four made for what the style is now (after an edit).
  router.post("/:id/samples", sampleJobRoute(regenerateSamples));

  // Keeps the samples after an edit: they stop showing as made for the earlier settings.
  router.post("/:id/samples/keep", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    if (!(await keepSamples(services.database.db, { userId: user.id, styleId: req.params.id })))
      throw new AppError("not_found", "No such style.");
    res.json({ success: true });
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
