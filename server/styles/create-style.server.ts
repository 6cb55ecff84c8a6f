import type { Actor } from "#domain/actor";
import { randomInt } from "node:crypto";
import { AppError } from "#domain/errors";
import { UPLOAD_ERROR_DETAILS, type CreateStyleInput } from "#domain/styles";
import { chooseProvider } from "../generation/choose-provider.server";
import { startPaidJobWith } from "../generation/submit.server";
import { newId } from "../ids.server";
import type { EngineServices } from "../generation/engine-services";
import { describeImages } from "./image-traits.server";
import { paletteFromDescription } from "#domain/palette";
import { extractPalette } from "./palette.server";
import { putReferenceFiles } from "./style-files.server";
import { stylePromptOf } from "./style-prompt.server";
import { insertStyleWithSamples } from "./style-samples.server";
import { styleFolder } from "../storage/folders.server";
import { cleanReferenceImage, UploadError } from "./uploads.server";

export type StyleDeps = Pick<EngineServices, "database" | "storage" | "queue" | "providers" | "config">;

/** An uploaded file, already on local disk (see receiveReferenceUploads). */
export interface UploadedFile {
  path: string;
  originalname: string;
}

export const DESCRIBE_OR_ADD_IMAGES = "Describe the style in a few words, or add reference images.";

/** Decodes and re-encodes uploads (a bounded number at once); an unreadable one is the user's error. */
export async function cleanUploads(files: UploadedFile[]) {
  try {
    return await Promise.all(files.map((file) => cleanReferenceImage(file.path, file.originalname)));
  } catch (error) {
    if (error instanceof UploadError) throw new AppError("bad_request", error.message, UPLOAD_ERROR_DETAILS);
    throw error;
  }
}

/**
 * Creates a style from a description and up to five reference images: cleans the
 * uploads, extracts the palette, writes the style prompt (from the images' look when
 * there is no description), and submits its paid sample job. Files are written first
 * and removed again when nothing commits, so no file is left without a record.
 */
export async function createStyle(
  deps: StyleDeps,
  options: {
    actor: Actor;
    input: CreateStyleInput;
    files: UploadedFile[];
  },
) {
  const { actor, input } = options;
  const { workspaceId } = actor;
  if (!input.description && options.files.length === 0) throw new AppError("bad_request", DESCRIBE_OR_ADD_IMAGES);
  const styleId = newId();
  const cleaned = await cleanUploads(options.files);
  const images = cleaned.map((c) => c.data);
  const palette = cleaned.length ? await extractPalette(images) : paletteFromDescription(input.description);
  // Read even beside a description: line-art references make the style line art (stylePromptOf).
  const derivedDescription = cleaned.length ? await describeImages(images) : null;
  const references = await putReferenceFiles(deps.storage, { workspaceId, styleId, images: cleaned });
  // The style is new: its whole folder is this request's.
  const removeFiles = async () => {
    if (references.length) await deps.storage.deletePrefix(styleFolder(workspaceId, styleId));
  };
  try {
    const provider = chooseProvider(deps.providers, { requested: input.defaultModel });
    const style = {
      ...input,
      derivedDescription,
      source: cleaned.length ? ("image" as const) : ("text" as const),
      prompt: stylePromptOf({ description: input.description, derivedDescription, palette }),
      palette,
      seed: randomInt(1, 2 ** 31 - 1),
      references,
    };
    return await startPaidJobWith(deps, (tx) => insertStyleWithSamples(tx, { actor, styleId, provider, style }));
  } catch (error) {
    // Nothing was committed: the uploaded files go too.
    await removeFiles();
    throw error;
  }
}
