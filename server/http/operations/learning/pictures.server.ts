import * as replies from "#domain/api-replies";
import { picturesReply } from "#domain/training";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { addUploadedPictures, pictureRoom, removePicture } from "../../../learning/pictures.server";
import { learningPictures } from "../../../db/schema";
import { requireSubject, type LearningSubject } from "../../../learning/subject.server";
import { and, eq } from "drizzle-orm";
import { closeAfterAnswer, receiveReferenceUploads, refuseOversizedBody } from "../../reference-uploads.server";
import { assertNoControlCharacters } from "../../refuse-control-characters.server";
import { defineOperation, type OperationContext } from "../operation.server";
import { binary } from "../reply-docs.server";
import { imageFiles } from "../styles/shared.server";
import { presentPicture } from "./shared.server";
import { sendStream } from "../../file-responses.server";

const picturesForm = z.object({ references: imageFiles.min(1) });

/** Uploads to a subject's pictures: checked by content, the room checked before the body is read. */
async function receivePictures(
  {
    req,
    res,
    services,
    user,
  }: Pick<OperationContext<string, undefined, undefined, "user">, "req" | "res" | "services" | "user">,
  subject: LearningSubject,
) {
  const db = services.database.db;
  await requireSubject(db, { workspaceId: user.workspace.id, subject });
  const maxBytes = services.config.generation.maxUploadBytes;
  const room = await pictureRoom(db, subject);
  if (room <= 0) {
    closeAfterAnswer(res);
    throw new AppError("conflict", "This already has 50 pictures, the most it can have. Remove one first.");
  }
  refuseOversizedBody(req, res, { maxFiles: room, maxBytes });
  const uploads = await receiveReferenceUploads(req, res, { maxFiles: room, maxBytes });
  try {
    assertNoControlCharacters(req);
    const added = await addUploadedPictures(
      { db, storage: services.storage },
      { workspaceId: user.workspace.id, subject, files: uploads.files },
    );
    return { status: 201, body: { pictures: added.map(presentPicture) } };
  } finally {
    await uploads.cleanup();
  }
}

export const addCharacterPicturesOperation = defineOperation({
  method: "post",
  path: "/api/characters/:id/pictures",
  tag: "Characters",
  summary: "Upload a character's pictures",
  description:
    "Adds uploaded pictures (form field `references`, PNG, JPEG or WebP, checked by their content) to the character's references, up to 50 in all.",
  access: "user",
  multipart: picturesForm,
  errors: [409],
  responses: { 201: { description: "The pictures added.", json: picturesReply } },
  handle: (context) => receivePictures(context, { learns: "character", id: context.params.id }),
});

export const addStylePicturesOperation = defineOperation({
  method: "post",
  path: "/api/styles/:id/training-pictures",
  tag: "Training",
  summary: "Upload pictures to train a style on",
  description:
    "Adds uploaded pictures (form field `references`, checked by their content) to those a style can be trained on, beyond its reference images, up to 50 in all.",
  access: "user",
  multipart: picturesForm,
  errors: [409],
  responses: { 201: { description: "The pictures added.", json: picturesReply } },
  handle: (context) => receivePictures(context, { learns: "style", id: context.params.id }),
});

export const removeCharacterPictureOperation = defineOperation({
  method: "delete",
  path: "/api/characters/:id/pictures/:pictureId",
  tag: "Characters",
  summary: "Remove a character's picture",
  access: "user",
  responses: { 200: { description: "Removed.", json: replies.successReply } },
  async handle({ services, user, params }) {
    await removePicture(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, subject: { learns: "character", id: params.id }, pictureId: params.pictureId },
    );
    return { status: 200, body: { success: true } };
  },
});

export const downloadPictureOperation = defineOperation({
  method: "get",
  path: "/api/files/picture/:id",
  tag: "Files",
  summary: "Download a training picture",
  description: "A character's reference picture or a picture uploaded to train a style, to the workspace that has it.",
  access: "user",
  responses: { 200: { description: "The picture.", media: { "image/png": { schema: binary } } } },
  async handle({ res, services, user, params }) {
    const [picture] = await services.database.db
      .select({ fileKey: learningPictures.fileKey })
      .from(learningPictures)
      .where(and(eq(learningPictures.id, params.id), eq(learningPictures.ownerId, user.workspace.id)));
    const stored = picture && (await services.storage.get(picture.fileKey));
    if (!stored) throw new AppError("not_found", "No such picture.");
    await sendStream(res, stored, "image/png", `"${params.id}"`);
  },
});
