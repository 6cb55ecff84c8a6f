import * as replies from "#domain/api-replies";
import { UPLOAD_ERROR_DETAILS } from "#domain/styles";
import { presentImageLink } from "../../../images/signed-urls.server";
import { addReferences, referenceRoom } from "../../../styles/style-references.server";
import { AppError } from "../../errors.server";
import { closeAfterAnswer, receiveReferenceUploads, refuseOversizedBody } from "../../reference-uploads.server";
import { assertNoControlCharacters } from "../../refuse-control-characters.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";
import { MAX_REFERENCE_IMAGES, imageFiles } from "./shared.server";

const referencesForm = z.object({ references: imageFiles.min(1) });

export const addReferenceImagesOperation = defineOperation({
  method: "post",
  path: "/api/styles/:id/references",
  tag: "Styles",
  summary: "Add reference images",
  access: "user",
  multipart: referencesForm,
  errors: [409],
  responses: { 201: { description: "The images added.", json: replies.referencesAddedReply } },
  // The limit is checked before the body is read.
  async handle({ req, res, services, user, params }) {
    const maxBytes = services.config.generation.maxUploadBytes;
    const room = await referenceRoom(services.database.db, { workspaceId: user.workspace.id, styleId: params.id });
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
        { workspaceId: user.workspace.id, styleId: params.id, files: uploads.files },
      );
    } finally {
      await uploads.cleanup();
    }
    const references = added.map((r) => ({
      id: r.id,
      ...presentImageLink(services.imageUrls, { kind: "reference", id: r.id }),
    }));
    return { status: 201, body: { references } };
  },
});
