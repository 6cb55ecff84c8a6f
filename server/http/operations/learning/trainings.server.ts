import { styleLearningReply, trainingReply } from "#domain/training";
import { startTrainingSchema } from "#domain/requests/training";
import { AppError } from "#domain/errors";
import { listPictures } from "../../../learning/pictures.server";
import type { LearningSubject } from "../../../learning/subject.server";
import { requireSubject } from "../../../learning/subject.server";
import { listTrainings, presentTraining } from "../../../learning/training-records.server";
import { cancelTraining, getTraining, startTraining } from "../../../learning/trainings.server";
import { sendStream } from "../../file-responses.server";
import { defineOperation, type OperationContext } from "../operation.server";
import { binary } from "../reply-docs.server";
import { characterParam, learningDeps, presentPicture, trainersOf, trainingParam } from "./shared.server";

const startWords = (what: string) =>
  `Trains a LoRA of the ${what} at fal or Replicate on 5 to 50 pictures (its references, its uploaded pictures, library images), each captioned (the caption given, else one made from the subject's name with the trigger word). The price (GET /api/characters or /api/styles/{id}/training, by preset) is charged now and refunded by rule: in full when the training fails or never started, the part not trained when it is cancelled while training. Follow it with GET /api/trainings/{id} or the event stream's \`training\` events; once it has succeeded, generations with the ${what} on that model use the trained model at \`learnedStrength\`.`;

const startTool = (what: string) =>
  `Starts a paid training of a LoRA of the ${what} on 5 to 50 pictures, with a trigger word; call get_training until it has succeeded, then generate with the ${what} on that model.`;

async function start(
  context: OperationContext<string, undefined, typeof startTrainingSchema, "user">,
  subject: LearningSubject,
) {
  const { services, user, body } = context;
  const row = await startTraining(learningDeps(services), { actor: user.actor, subject, input: body });
  return { status: 202, body: { training: presentTraining(row) } };
}

const trainingNow = (body: { training: { id: string; status: string; progress: number; credits: number } }) =>
  `The training ${body.training.id} is ${body.training.status} (${body.training.progress} %); ${body.training.credits} credits.`;

export const trainStyleOperation = defineOperation({
  method: "post",
  path: "/api/styles/:id/trainings",
  tag: "Training",
  summary: "Train a style",
  description: startWords("style"),
  access: "user",
  json: startTrainingSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The training.", json: trainingReply } },
  tool: {
    name: "train_style",
    title: "Train a style",
    description: startTool("style"),
    params: { id: { name: "styleId", description: "The style's id." } },
    summarize: trainingNow,
  },
  handle: (context) => start(context, { learns: "style", id: context.params.id }),
});

export const trainCharacterOperation = defineOperation({
  method: "post",
  path: "/api/characters/:id/trainings",
  tag: "Training",
  summary: "Train a character",
  description: startWords("character"),
  access: "user",
  json: startTrainingSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The training.", json: trainingReply } },
  tool: {
    name: "train_character",
    title: "Train a character",
    description: startTool("character"),
    params: characterParam,
    summarize: trainingNow,
  },
  handle: (context) => start(context, { learns: "character", id: context.params.id }),
});

export const styleLearningOperation = defineOperation({
  method: "get",
  path: "/api/styles/:id/training",
  tag: "Training",
  summary: "A style's training",
  description:
    "The pictures uploaded to train the style, its trainings (newest first) and what training costs on each model that can.",
  access: "user",
  responses: { 200: { description: "The style's training.", json: styleLearningReply } },
  async handle({ services, user, params }) {
    const subject = { learns: "style" as const, id: params.id };
    const db = services.database.db;
    await requireSubject(db, { workspaceId: user.workspace.id, subject });
    const [pictures, trainings] = await Promise.all([
      listPictures(db, subject),
      listTrainings(db, { workspaceId: user.workspace.id, subject }),
    ]);
    return {
      status: 200,
      body: {
        pictures: pictures.map(presentPicture),
        trainings: trainings.map(presentTraining),
        trainers: trainersOf(services),
      },
    };
  },
});

export const getTrainingOperation = defineOperation({
  method: "get",
  path: "/api/trainings/:id",
  tag: "Training",
  summary: "Get a training",
  access: "user",
  responses: { 200: { description: "The training.", json: trainingReply } },
  tool: {
    name: "get_training",
    title: "Get a training",
    description:
      "How a training stands: queued, running (with its progress), succeeded, failed or cancelled, and what was refunded.",
    params: trainingParam,
    readOnly: true,
    summarize: trainingNow,
  },
  async handle({ services, user, params }) {
    const row = await getTraining(services.database.db, { workspaceId: user.workspace.id, trainingId: params.id });
    return { status: 200, body: { training: presentTraining(row) } };
  },
});

export const cancelTrainingOperation = defineOperation({
  method: "post",
  path: "/api/trainings/:id/cancel",
  tag: "Training",
  summary: "Cancel a training",
  description:
    "Stops the training at its provider. Refunded in full when it had not started training, else the part not trained; a training that has ended is answered as it is.",
  access: "user",
  responses: { 200: { description: "The training.", json: trainingReply } },
  tool: {
    name: "cancel_training",
    title: "Cancel a training",
    description:
      "Stops a training at its provider: refunded in full when it had not started training, else the part not trained.",
    params: trainingParam,
    summarize: trainingNow,
  },
  async handle({ services, user, params }) {
    const row = await cancelTraining(learningDeps(services), { workspaceId: user.workspace.id, trainingId: params.id });
    return { status: 200, body: { training: presentTraining(row) } };
  },
});

export const downloadWeightsOperation = defineOperation({
  method: "get",
  path: "/api/trainings/:id/weights",
  tag: "Training",
  summary: "Download the trained weights",
  description:
    "The LoRA's .safetensors file Motif kept (KEEP_TRAINED_WEIGHTS), for a ComfyUI or Automatic1111 of your own; only to the workspace that trained it.",
  access: "user",
  responses: { 200: { description: "The weights.", media: { "application/octet-stream": { schema: binary } } } },
  async handle({ res, services, user, params }) {
    const row = await getTraining(services.database.db, { workspaceId: user.workspace.id, trainingId: params.id });
    const stored = row.weightsKey ? await services.storage.get(row.weightsKey) : null;
    if (!stored) throw new AppError("not_found", "Motif kept no weights of this training.");
    res.setHeader("Content-Disposition", `attachment; filename="${row.triggerWord}.safetensors"`);
    await sendStream(res, stored, "application/octet-stream", `"${row.id}"`);
  },
});
