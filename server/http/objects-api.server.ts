import type { z } from "zod";
import { Router, type Request, type Response } from "express";
import {
  exportQuerySchema,
  generateObjectsSchema,
  listObjectsQuerySchema,
  removeBackgroundSchema,
  updateObjectSchema,
  objectViewsRequestSchema,
  variationsRequestSchema,
} from "#domain/objects";
import { getJobView } from "../generation/job-views.server";
import type { GenerationJob } from "../generation/job-record.server";
import { slugify, selectExportObjects, writeObjectsZip } from "../objects/export-zip.server";
import { generateObjects } from "../objects/generate-objects.server";
import { makeVariations, makeViews } from "../objects/make-variations.server";
import { deleteObject, updateObject } from "../objects/object-commands.server";
import { getObjectDetail, listObjects, requireObjectDetail } from "../objects/object-queries.server";
import { removeImageBackground } from "../objects/remove-background.server";
import { aiUpscaleObjectImage } from "../objects/ai-upscale.server";
import { editObjectImage } from "../objects/edit-image.server";
import { upscaleObjectImage } from "../objects/upscale-image.server";
import { aiUpscaleSchema, editImageSchema, upscaleImageSchema } from "#domain/image-lineage";
import { appIconsQuerySchema, spriteSheetQuerySchema, svgSpriteQuerySchema } from "#domain/exports";
import { svgSprite } from "../objects/svg-sprite.server";
import { writeAppIconsZip } from "../objects/app-icons-export.server";
import { writeSpriteSheetZip } from "../objects/sprite-export.server";
import type { Services } from "../services.server";
import { answerOnce } from "./idempotent.server";
import { requireApiUser } from "./require-user.server";

type Params = Request<{ id: string }>;

/** A use case that starts a paid job on one of the user's objects. */
type StartObjectJob<I> = (
  services: Services,
  options: { userId: string; objectId: string; input: I; apiKeyId?: string | null },
) => Promise<{ job: GenerationJob }>;

/**
 * POST /api/objects/:id/<path>: the input checked by `schema`, the job started once per
 * Idempotency-Key, and 202 with the job, as every paid job on one object answers.
 */
function objectJobRoute<S extends z.ZodType>(
  router: Router,
  getServices: () => Promise<Services>,
  path: string,
  schema: S,
  start: StartObjectJob<z.output<S>>,
): void {
  router.post(`/:id/${path}`, async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const input = schema.parse(req.body);
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: input,
      async run() {
        const result = await start(services, {
          userId: user.id,
          objectId: req.params.id,
          input,
          apiKeyId: user.apiKeyId,
        });
        return { status: 202, body: { job: await presentSubmittedJob(services, result.job) } };
      },
    });
  });
}

/** A ZIP download's headers, set once its content is ready to go. */
function sendingZip(res: Response, fileName: string): void {
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
  res.setHeader("Cache-Control", "no-store");
}

/**
 * A download that failed: an error answer while nothing was sent; after that, the connection is
 * cut, so a partial file is never taken for a whole one.
 */
const failedDownload = (res: Response) => (error: unknown) => {
  if (!res.headersSent) throw error;
  if (!res.destroyed) res.destroy();
};

/** The job as its submitter sees it right after submission. */
export async function presentSubmittedJob(services: Services, job: GenerationJob) {
  return getJobView(services.database.db, { userId: job.ownerId, jobId: job.id });
}

/** Objects: generate sets, list, read, rename, choose covers, delete, make variations, remove backgrounds, upscale, export. */
export function objectsApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const input = generateObjectsSchema.parse(req.body);
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: input,
      async run() {
        const result = await generateObjects(services, { userId: user.id, input, apiKeyId: user.apiKeyId });
        return { status: 202, body: { job: await presentSubmittedJob(services, result.job), objects: result.objects } };
      },
    });
  });

  router.get("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const query = listObjectsQuerySchema.parse(req.query);
    res.setHeader("Cache-Control", "no-store");
    res.json(await listObjects(services.database.db, { userId: user.id, query, signer: services.imageUrls }));
  });

  // Before /:id, which would take "export.zip" for an id.
  router.get("/export.zip", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const selection = exportQuerySchema.parse(req.query);
    const objects = await selectExportObjects(services.database.db, { userId: user.id, selection });
    const name =
      objects.length === 1
        ? `${slugify(objects[0]!.styleName)}-${slugify(objects[0]!.name)}`
        : `motif-${objects.length}-objects`;
    sendingZip(res, `${name}.zip`);
    await writeObjectsZip(
      { db: services.database.db, storage: services.storage },
      { objects, images: selection.images, svg: selection.svg, out: res },
    ).catch((error: unknown) => {
      // The reader went away: nothing to answer, and nothing went wrong here.
      if (!res.destroyed) throw error;
    });
  });

  // An SVG sprite: one <symbol> per object in a flat style.
  router.get("/svg-sprite.svg", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const selection = svgSpriteQuerySchema.parse(req.query);
    const objects = await selectExportObjects(services.database.db, {
      userId: user.id,
      selection: { ...selection, images: "cover" },
    });
    const sprite = await svgSprite({ db: services.database.db, storage: services.storage }, objects);
    const name = objects.length === 1 ? slugify(objects[0]!.name) : `motif-${objects.length}-objects`;
    res.setHeader("Content-Type", "image/svg+xml");
    res.setHeader("Content-Disposition", `attachment; filename="${name}-sprite.svg"`);
    res.setHeader("Cache-Control", "no-store");
    // Served as a download and never run: no script can be in it (traced paths only), and none would run.
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.send(sprite);
  });

  // A packed sprite sheet and its atlas, for game engines.
  router.get("/sprite-sheet.zip", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { images, frameSize, padding, trim, ...selection } = spriteSheetQuerySchema.parse(req.query);
    const objects = await selectExportObjects(services.database.db, {
      userId: user.id,
      selection: { ...selection, images },
    });
    const name = objects.length === 1 ? slugify(objects[0]!.name) : `motif-${objects.length}-objects`;
    await writeSpriteSheetZip(
      { db: services.database.db, storage: services.storage },
      {
        objects,
        images,
        sheet: { frameSize, padding, trim },
        out: res,
        onPacked: () => sendingZip(res, `${name}-sprites.zip`),
      },
    ).catch(failedDownload(res));
  });

  // App icons from one of the object's images: every size, favicon.ico, iOS and Android sets.
  router.get("/:id/app-icons.zip", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const query = appIconsQuerySchema.parse(req.query);
    await writeAppIconsZip(
      { db: services.database.db, storage: services.storage },
      {
        userId: user.id,
        objectId: req.params.id,
        ...query,
        out: res,
        onReady: (objectName) => sendingZip(res, `${slugify(objectName)}-app-icons.zip`),
      },
    ).catch(failedDownload(res));
  });

  router.get("/:id", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const object = await requireObjectDetail(services.database.db, {
      userId: user.id,
      objectId: req.params.id,
      signer: services.imageUrls,
    });
    res.setHeader("Cache-Control", "no-store");
    res.json({ object });
  });

  router.patch("/:id", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const changes = updateObjectSchema.parse(req.body);
    const { db } = services.database;
    await updateObject(db, { userId: user.id, objectId: req.params.id, changes });
    res.json({
      object: await getObjectDetail(db, { userId: user.id, objectId: req.params.id, signer: services.imageUrls }),
    });
  });

  router.delete("/:id", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    await deleteObject(
      { db: services.database.db, storage: services.storage },
      { userId: user.id, objectId: req.params.id },
    );
    res.json({ success: true });
  });

  objectJobRoute(router, getServices, "variations", variationsRequestSchema, makeVariations);

  // One new image of the object per pose, view or state asked for.
  objectJobRoute(router, getServices, "views", objectViewsRequestSchema, makeViews);

  // One of the object's images changed as the words say; with a mask, one painted region only.
  objectJobRoute(router, getServices, "edit", editImageSchema, editObjectImage);

  // A larger copy of one of the object's images by a model's AI upscaler, as a paid job.
  objectJobRoute(router, getServices, "ai-upscale", aiUpscaleSchema, aiUpscaleObjectImage);

  // A new, transparent variant of the object from one of its images, at a configured price.
  router.post("/:id/remove-background", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const input = removeBackgroundSchema.parse(req.body);
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: input,
      async run() {
        const { image, existing } = await removeImageBackground(
          {
            db: services.database.db,
            storage: services.storage,
            matting: services.matting,
            signer: services.imageUrls,
          },
          {
            userId: user.id,
            objectId: req.params.id,
            imageId: input.imageId,
            price: services.config.credits.removeBackground,
            apiKeyId: user.apiKeyId,
          },
        );
        return { status: existing ? 200 : 201, body: { image } };
      },
    });
  });

  // A larger copy of one of the object's images, by the basic upscale (no AI, free).
  router.post("/:id/upscale", async (req: Params, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const input = upscaleImageSchema.parse(req.body);
    await answerOnce(services.database.db, req, res, {
      userId: user.id,
      content: input,
      async run() {
        const { image, existing } = await upscaleObjectImage(
          {
            db: services.database.db,
            storage: services.storage,
            signer: services.imageUrls,
            maxSide: services.config.upscale.maxSide,
          },
          { userId: user.id, objectId: req.params.id, ...input },
        );
        return { status: existing ? 200 : 201, body: { image } };
      },
    });
  });

  return router;
}
