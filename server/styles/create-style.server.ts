import { createHash, randomInt } from "node:crypto";
import { AppError } from "#domain/errors";
import type { CreateStyleInput } from "#domain/styles";
import { dispatchJob } from "../generation/dispatch.server";
import { styleSystemPrompt } from "../generation/prompts";
import { requestHash } from "../generation/submit.server";
import { newId } from "../ids.server";
import type { Services } from "../services.server";
import { extractPalette, paletteFromDescription } from "./palette.server";
import { createStyleWithSamples } from "./style-samples.server";
import { styleFolder } from "./styles.server";
import { cleanReferenceImage, UploadError } from "./uploads.server";

export type StyleDeps = Pick<Services, "database" | "storage" | "queue" | "providers" | "config">;

/**
 * Creates a style from a description and up to five reference images: cleans the
 * uploads, extracts the palette, writes the style prompt, and submits its paid sample
 * job. Files are written first and removed again when nothing commits (or a replay
 * returns the first submission), so no file is left without a record.
 */
export async function createStyle(
  deps: StyleDeps,
  options: {
    userId: string;
    input: CreateStyleInput;
    files: { buffer: Buffer; originalname: string }[];
    idempotencyKey?: string;
  },
) {
  const { userId, input } = options;
  const styleId = newId();
  const cleaned = [];
  try {
    for (const file of options.files) cleaned.push(await cleanReferenceImage(file.buffer, file.originalname));
  } catch (error) {
    if (error instanceof UploadError) throw new AppError("bad_request", error.message);
    throw error;
  }
  const palette = cleaned.length
    ? await extractPalette(cleaned.map((c) => c.data))
    : paletteFromDescription(input.description);
  const references = [];
  for (const [i, image] of cleaned.entries()) {
    const fileKey = `${styleFolder(userId, styleId)}/references/${i}.png`;
    await deps.storage.put(fileKey, image.data, "image/png");
    references.push({ fileKey, width: image.width, height: image.height, bytes: image.data.length });
  }
  const fileHashes = options.files.map((f) => createHash("sha256").update(f.buffer).digest("hex"));
  let result;
  try {
    result = await createStyleWithSamples(deps.database.db, {
      userId,
      styleId,
      provider: deps.providers.default,
      idempotency: options.idempotencyKey
        ? { key: options.idempotencyKey, requestHash: requestHash({ input, fileHashes }) }
        : undefined,
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
    if (references.length) await deps.storage.deletePrefix(styleFolder(userId, styleId));
    throw error;
  }
  // A replay keeps the first submission's files, not this request's copies.
  if (!result.created && references.length) await deps.storage.deletePrefix(styleFolder(userId, styleId));
  await dispatchJob(deps, result.job, { created: result.created });
  return result;
}
