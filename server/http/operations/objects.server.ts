import * as replies from "#domain/api-replies";
import { aiUpscaleSchema, editImageSchema, upscaleImageSchema } from "#domain/image-lineage";
import {
  generateObjectsSchema,
  listObjectsQuerySchema,
  objectPageSchema,
  objectViewsRequestSchema,
  removeBackgroundSchema,
  updateObjectSchema,
  variationsRequestSchema,
  viewPresets,
} from "#domain/objects";
import { limits } from "#domain/limits";
import type { GenerationJob } from "../../generation/job-record.server";
import { getJobView } from "../../generation/job-views.server";
import { aiUpscaleObjectImage } from "../../objects/ai-upscale.server";
import { editObjectImage } from "../../objects/edit-image.server";
import { generateObjects } from "../../objects/generate-objects.server";
import { makeVariations, makeViews } from "../../objects/make-variations.server";
import { deleteObject, updateObject } from "../../objects/object-commands.server";
import { getObjectDetail, listObjects, requireObjectDetail } from "../../objects/object-queries.server";
import { removeImageBackground } from "../../objects/remove-background.server";
import { upscaleDepsOf, upscaleObjectImage } from "../../objects/upscale-image.server";
import type { Services } from "../../services";
import { generateObjectsSamples } from "../openapi-examples.server";
import type { ApiUser } from "../require-user.server";
import { argumentWords } from "./tool-inputs";
import { defineOperation } from "./operation.server";
import { imageMade, objectJobStarted, setStarted } from "./tool-answers.server";

/** The job as its submitter sees it right after submission. */
export async function presentSubmittedJob(services: Services, job: GenerationJob) {
  return getJobView(services.database.db, { userId: job.ownerId, jobId: job.id });
}

/** A use case that starts a paid job on one of the user's objects. */
type StartObjectJob<I> = (
  services: Services,
  options: { userId: string; objectId: string; input: I; apiKeyId?: string | null; memberId?: string | null },
) => Promise<{ job: GenerationJob }>;

/** Every paid job on one object answers the same: 202 with the job. */
const objectJob =
  <I>(start: StartObjectJob<I>) =>
  async (context: { services: Services; user: ApiUser; params: { id: string }; body: I }) => {
    const { services, user, params, body } = context;
    const { job } = await start(services, {
      userId: user.workspace.id,
      objectId: params.id,
      input: body,
      apiKeyId: user.apiKeyId,
      memberId: user.id,
    });
    return { status: 202, body: { job: await presentSubmittedJob(services, job) } };
  };

/** How the object's tools name the path's `id`. */
const objectParam = { id: { name: "objectId", description: argumentWords.objectId } };
const payingTool = { size: argumentWords.size, detail: argumentWords.detail, transparent: argumentWords.transparent };

/** Objects: generate sets, list, read, rename, choose covers, delete, and the work on their images. */

export const objectOperations = [
  defineOperation({
    method: "post",
    path: "/api/objects",
    tag: "Objects",
    summary: "Generate a set of objects",
    description:
      "One object per subject, each made `variations` times in the style, as one job; `size`, `detail` and `transparent` are the style's own settings when left out. The price is reserved now; images not made are refunded. Poll the job, or listen to /api/events.",
    access: "user",
    json: generateObjectsSchema,
    spends: true,
    responses: { 202: { description: "The job, and the objects it makes.", json: replies.objectsSubmittedReply } },
    codeSamples: generateObjectsSamples,
    tool: {
      name: "generate_objects",
      title: "Generate objects in a style",
      description:
        "Generates a set of images in one style: one object per subject (for example 12 inventory icons: " +
        '["Health potion", "Iron sword", …]), each made `variations` times. Credits are reserved now and ' +
        "the images the job cannot make are refunded. The job runs in the background: call get_job with the " +
        "returned job id (and wait_seconds) until it has succeeded, then get_images with the job id. " +
        "size, detail and transparent default to the style's own settings.",
      arguments: {
        ...payingTool,
        styleId: "A style id from list_styles or create_style, or a preset: preset:flat, preset:pixel, preset:line.",
        subjects: `What to draw, one object per entry (1 to ${limits.subjectsPerSet}, each up to ${limits.objectName} characters), such as "Leather boots".`,
        variations: argumentWords.variations,
        model: "The id of a model from list_styles; the style's default model when left out.",
        prompt: `Extra words added to every subject (up to ${limits.objectPrompt} characters), such as "seen from the front".`,
      },
      summarize: setStarted,
    },
    async handle({ services, user, body: input }) {
      const result = await generateObjects(services, {
        userId: user.workspace.id,
        input,
        apiKeyId: user.apiKeyId,
        memberId: user.id,
      });
      const job = await presentSubmittedJob(services, result.job);
      const settings = { ...result.settings, variations: input.variations, model: result.job.provider };
      return { status: 202, body: { job, objects: result.objects, settings } };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects",
    tag: "Objects",
    summary: "List objects",
    description: "Your objects, a page at a time, filtered by style, set (the job that made them) or name.",
    access: "user",
    query: listObjectsQuerySchema,
    responses: { 200: { description: "A page of objects.", json: objectPageSchema } },
    async handle({ services, user, query }) {
      const page = await listObjects(services.database.db, {
        userId: user.workspace.id,
        query,
        signer: services.imageUrls,
      });
      return { status: 200, body: page };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Get an object with its images",
    access: "user",
    responses: { 200: { description: "The object.", json: replies.objectReply } },
    async handle({ services, user, params }) {
      const object = await requireObjectDetail(services.database.db, {
        userId: user.workspace.id,
        objectId: params.id,
        signer: services.imageUrls,
      });
      return { status: 200, body: { object } };
    },
  }),
  defineOperation({
    method: "patch",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Rename an object or choose its cover",
    access: "user",
    json: updateObjectSchema,
    responses: { 200: { description: "The object.", json: replies.objectReply } },
    async handle({ services, user, params, body: changes }) {
      const { db } = services.database;
      await updateObject(db, { userId: user.workspace.id, objectId: params.id, changes });
      const object = await getObjectDetail(db, {
        userId: user.workspace.id,
        objectId: params.id,
        signer: services.imageUrls,
      });
      return { status: 200, body: { object } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Delete an object",
    access: "user",
    responses: { 200: { description: "Deleted.", json: replies.successReply } },
    async handle({ services, user, params }) {
      await deleteObject(
        { db: services.database.db, storage: services.storage },
        { userId: user.workspace.id, objectId: params.id },
      );
      return { status: 200, body: { success: true } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/variations",
    tag: "Objects",
    summary: "Make more variations",
    description: "More images of the object, matched to its cover; size, detail and model default to the cover's.",
    access: "user",
    json: variationsRequestSchema,
    spends: true,
    responses: { 202: { description: "The job.", json: replies.jobReply } },
    tool: {
      name: "make_variations",
      title: "Make more variations of an object",
      description:
        "Makes more images of an existing object, matched to its cover: other takes on the same subject in its " +
        "style. Paid per image, reserved now and refunded for what cannot be made. Call get_job with the " +
        "returned job id until it has succeeded, then get_images with the object's id.",
      params: objectParam,
      arguments: payingTool,
      summarize: objectJobStarted,
    },
    handle: objectJob(makeVariations),
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/views",
    tag: "Objects",
    summary: "Draw the object in new poses, views or states",
    description:
      'One new image of the object per entry of `views` ("running", "side view", "damaged"; up to 8, repeats dropped), each drawn from the object\'s cover and its style\'s references, so the object stays the same thing. Each image records the view it was asked for (`lineage.view`) and the cover it came from. Size, detail and model default to the cover\'s. Priced and paid like variations. A model that cannot draw views (`views` on each model GET /api/styles lists; the preview engine cannot) is refused with 409 before anything is made or paid; with no model named, one that can is taken.',
    access: "user",
    json: objectViewsRequestSchema,
    spends: true,
    errors: [409],
    responses: { 202: { description: "The job.", json: replies.jobReply } },
    tool: {
      name: "draw_views",
      title: "Draw an object in new poses, views or states",
      description:
        "Makes one new image of an existing object per entry of `views` (for example a turnaround: " +
        `${JSON.stringify(viewPresets.turnaround.views)}, or UI states: ${JSON.stringify(viewPresets.states.views)}), ` +
        "each drawn from the object's cover and its style's references so it stays the same thing. Credits are " +
        "reserved now and refunded for what cannot be made. Call get_job with the returned job id until it has " +
        "succeeded, then get_images with the object's id.",
      params: objectParam,
      arguments: {
        ...payingTool,
        views: `What to draw, one image each (1 to ${limits.objectViews}, each up to ${limits.objectView} characters).`,
        model: "The id of a model from list_styles; the style's default when left out.",
      },
      summarize: objectJobStarted,
    },
    handle: objectJob(makeViews),
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/edit",
    tag: "Objects",
    summary: "Edit an image with words, or repaint a region",
    description:
      "A new image of the object made from one of its images, changed as `instruction` says (\"wearing a red scarf\", \"make it night\"), in the object's style: the image goes to the model as the base, with the style's references. With `mask`, a PNG of the image's exact size whose light opaque pixels mark a region, only that region is drawn again and every other pixel (transparency included) is kept. Priced and paid like one image of the object; refunded if it fails. The model is the one asked for, else the style's default or the first model on offer that can do it; a model that cannot is refused with 409 and says why (see `edit` on each model in GET /api/models). The new image records what it was made from (`lineage`: `edited` or `repainted`, with the instruction).",
    access: "user",
    json: editImageSchema,
    // The painted region, a PNG as base64 (limits.editMaskBase64).
    bodyLimit: "6mb",
    spends: true,
    errors: [409],
    responses: { 202: { description: "The job.", json: replies.jobReply } },
    tool: {
      name: "edit_image",
      title: "Edit an image with words",
      description:
        'Makes a new image of an object from one of its images, changed as `instruction` says ("wearing a red ' +
        'scarf", "make it night", "remove the text"), in the object\'s style. With `mask` (a PNG of the image\'s ' +
        "exact size, as base64, light opaque pixels where to repaint) only that region is drawn again. Costs one " +
        "image's credits, reserved now and refunded if it fails. Call get_job with the returned job id until it " +
        "has succeeded, then get_images with the object's id.",
      params: objectParam,
      arguments: {
        imageId: "The image to change, from get_images.",
        instruction: `What to change, in words (up to ${limits.editInstruction} characters).`,
        model: "The id of a model from list_styles that can edit; the style's default or the first that can.",
      },
      summarize: objectJobStarted,
    },
    handle: objectJob(editObjectImage),
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/remove-background",
    tag: "Objects",
    summary: "Remove an image's background",
    description:
      "A new, transparent image of the object from one of its images, at the operator's price. An image's background is removed once: asking again answers with that image (200) and charges nothing.",
    access: "user",
    json: removeBackgroundSchema,
    spends: true,
    responses: {
      200: {
        description: "The image made from it earlier; nothing was charged.",
        json: replies.madeImageReply,
      },
      201: { description: "The new image.", json: replies.madeImageReply },
    },
    tool: {
      name: "remove_background",
      // deriveObjectImage: the same image again answers the image made the first time, charged once.
      idempotent: true,
      title: "Remove an image's background",
      description:
        "Makes a new, transparent image of an object from one of its images, at the price list_styles shows " +
        "for it. Asking again for the same image returns the image made the first time and charges nothing.",
      params: objectParam,
      arguments: { imageId: argumentWords.imageId },
      summarize: imageMade("Background removed", "Its background was removed before"),
    },
    async handle({ services, user, params, body: input }) {
      const { image, existing } = await removeImageBackground(
        { db: services.database.db, storage: services.storage, matting: services.matting, signer: services.imageUrls },
        {
          userId: user.workspace.id,
          objectId: params.id,
          imageId: input.imageId,
          price: services.config.credits.removeBackground,
          apiKeyId: user.apiKeyId,
          memberId: user.id,
        },
      );
      return { status: existing ? 200 : 201, body: { image } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/upscale",
    tag: "Objects",
    summary: "Upscale an image",
    description:
      "A new image of the object, 2 or 4 times the width and height of one of its images, by Motif's basic upscale: Lanczos resampling and light sharpening, no AI, free. Transparency is kept. An image is upscaled by each factor once: asking again answers with that image (200). Refused with 400 when the result would be longer on a side than the instance allows (`UPSCALE_MAX_SIDE`, 8192 by default).",
    access: "user",
    json: upscaleImageSchema,
    responses: {
      200: { description: "The image made from it earlier by the same factor.", json: replies.madeImageReply },
      201: { description: "The new image.", json: replies.madeImageReply },
    },
    tool: {
      name: "upscale_image",
      // deriveObjectImage: the same image again answers the image made the first time, charged once.
      idempotent: true,
      title: "Upscale an image",
      description:
        "Makes a new image of an object 2 or 4 times the width and height of one of its images, by Motif's " +
        "basic upscale: Lanczos resampling and light sharpening, free, transparency kept. The new image belongs " +
        "to the same object. Upscaling the same image by the same factor again returns the image made the " +
        "first time. For a model's AI upscaler (paid), use ai_upscale_image.",
      params: objectParam,
      arguments: {
        imageId: "The image to upscale, from get_images.",
        factor: "2 or 4: how many times wider and taller.",
      },
      summarize: imageMade("Upscaled", "Already upscaled"),
    },
    async handle({ services, user, params, body: input }) {
      const { image, existing } = await upscaleObjectImage(upscaleDepsOf(services), {
        userId: user.workspace.id,
        objectId: params.id,
        ...input,
      });
      return { status: existing ? 200 : 201, body: { image } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/ai-upscale",
    tag: "Objects",
    summary: "Upscale an image with a model's AI upscaler",
    description:
      "A new image of the object, 2 or 4 times the width and height of one of its images, by the AI upscaler of a model on offer (fal's Real-ESRGAN, a ComfyUI upscale model; see `upscaler` on each model in GET /api/styles), as a paid job of one image: priced like one image of the object on that model, refunded if it fails, cancellable. Transparency is kept: the upscaler gets the picture without its alpha and Motif puts the alpha back, resampled. The model is the one asked for, else the style's default or the first on offer with an upscaler; none is a 409 (the basic upscale, POST /api/objects/{id}/upscale, works with every model). Refused with 400 when the result would be longer on a side than the instance allows.",
    access: "user",
    json: aiUpscaleSchema,
    spends: true,
    errors: [409],
    responses: { 202: { description: "The job.", json: replies.jobReply } },
    tool: {
      name: "ai_upscale_image",
      title: "Upscale an image with a model's AI upscaler",
      description:
        "Makes a new image of an object 2 or 4 times the width and height of one of its images, by the AI " +
        "upscaler of a model that has one (see `upscaler` on the models in list_styles), as a paid job of one " +
        "image, refunded if it fails. Transparency is kept. Call get_job with the returned job id until it has " +
        "succeeded, then get_images with the object's id. The free basic upscale is upscale_image.",
      params: objectParam,
      arguments: {
        imageId: "The image to upscale, from get_images.",
        factor: "2 or 4: how many times wider and taller.",
        model: "A model with an AI upscaler; the style's default or the first on offer with one when left out.",
      },
      summarize: objectJobStarted,
    },
    handle: objectJob(aiUpscaleObjectImage),
  }),
];
