import sharp from "sharp";
import type { FlatLook } from "#domain/looks";
import { ProviderError, type CustomStyleRequest } from "./provider";
import { recraftCall, type RecraftConnection } from "./recraft-http.server";

/** V2 and V3 take a style (and a custom style's id); V4 and later choose their own look. */
export const takesStyles = (model: string) => /^recraftv[23](_|$)/.test(model);

/** Recraft takes at most five pictures for a style, 5 MB in all. */
export const MAX_STYLE_PICTURES = 5;
const MAX_STYLE_BYTES = 5 * 1024 * 1024;
/** Each picture's longest side: small enough for five to fit in 5 MB, large enough to show the look. */
const STYLE_PICTURE_SIDE = 768;

/** The base style a look is drawn in: vector illustration for vectors, digital illustration else. */
export function baseStyle(vector: boolean): string {
  return vector ? "vector_illustration" : "digital_illustration";
}

/**
 * What a generation says of its style. A custom style's id, where one was made (style and
 * style_id exclude each other); otherwise, on models that take styles, the base style with the
 * substyle a flat look asks for. V4 and later choose their own look: nothing is sent.
 */
export function styleFields(options: {
  model: string;
  look: FlatLook | null;
  vector: boolean;
  providerStyle?: string;
}): Record<string, string> {
  if (!takesStyles(options.model)) return {};
  if (options.providerStyle) return { style_id: options.providerStyle };
  if (options.vector) return { style: baseStyle(true), ...(options.look === "line" ? { substyle: "line_art" } : {}) };
  if (options.look === "pixel") return { style: baseStyle(false), substyle: "pixel_art" };
  return {};
}

/**
 * A Recraft custom style from a style's references (POST /styles): up to five pictures, made
 * small enough to go together, on the base style its look is drawn in. Answers the style's id.
 */
export async function recraftStyle(
  connection: RecraftConnection,
  request: CustomStyleRequest & { vector: boolean },
  signal: AbortSignal,
): Promise<string> {
  const pictures = await Promise.all(
    request.references
      .slice(0, MAX_STYLE_PICTURES)
      .map((reference) =>
        sharp(reference.data)
          .resize(STYLE_PICTURE_SIDE, STYLE_PICTURE_SIDE, { fit: "inside", withoutEnlargement: true })
          .png()
          .toBuffer(),
      ),
  );
  if (pictures.length === 0) throw new ProviderError("A Recraft style needs at least one reference image");
  let total = 0;
  const form = new FormData();
  form.append("style", baseStyle(request.vector));
  pictures.forEach((picture, i) => {
    if ((total += picture.length) > MAX_STYLE_BYTES) return;
    form.append("file", new Blob([new Uint8Array(picture)], { type: "image/png" }), `reference-${i + 1}.png`);
  });
  const answer = await recraftCall(connection, "/styles", { form }, signal);
  if (typeof answer.id !== "string" || !answer.id) throw new ProviderError("Recraft made the style but gave no id");
  return answer.id;
}
