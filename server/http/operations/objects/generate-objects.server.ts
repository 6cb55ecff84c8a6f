import * as replies from "#domain/api-replies";
import { generateObjectsSchema } from "#domain/objects";
import { limits } from "#domain/limits";
import { generateObjects } from "../../../objects/generate-objects.server";
import { generateObjectsSamples } from "../../openapi-flow-samples.server";
import { argumentWords } from "../tool-inputs";
import { defineOperation } from "../operation.server";
import { setStarted } from "../tool-answers.server";
import { presentSubmittedJob, payingTool } from "./shared.server";

export const generateObjectsOperation = defineOperation({
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
      actor: user.actor,
      input,
    });
    const job = await presentSubmittedJob(services, result.job);
    const settings = { ...result.settings, variations: input.variations, model: result.job.provider };
    return { status: 202, body: { job, objects: result.objects, settings } };
  },
});
