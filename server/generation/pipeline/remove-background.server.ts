import { estimateBackground } from "./background.server";
import {
  decodeRgb,
  encodeRgba,
  matteFromAlpha,
  matteFromBackground,
  MatteError,
  verifyCoverage,
  type MatteResult,
} from "./matte.server";
import type { MattingModel } from "./matting-model.server";

export const NOT_FLAT_MESSAGE = "This image's background is not a flat colour, so it cannot be removed cleanly.";

/** How much of the border must sit on one colour, and how tightly, for it to be a flat background. */
const FLAT = { uniformity: 0.9, noise: 24 } as const;

/**
 * Takes the background out of an existing image. Without a matting model it must be flat:
 * its colour is read from the border, and only background joined to the border goes, so a
 * white eye on a white background stays. With a model any background goes, the model
 * deciding what is subject; edges are still unmixed from the border's colour when it is
 * flat. Throws a MatteError (with a sentence for the user) when the background is not flat
 * and there is no model, or nothing sensible is left.
 */
export async function removeFlatBackground(
  image: Buffer,
  options: { matting?: MattingModel } = {},
): Promise<MatteResult> {
  const pixels = await decodeRgb(image);
  const estimate = estimateBackground(pixels);
  const flat = estimate && estimate.uniformity >= FLAT.uniformity && estimate.noise <= FLAT.noise ? estimate : null;
  let matte;
  if (options.matting) {
    matte = matteFromAlpha(pixels, await options.matting.predictAlpha(image), flat);
  } else if (!flat) {
    throw new MatteError(NOT_FLAT_MESSAGE);
  } else {
    matte = matteFromBackground(pixels, { background: flat, connectedOnly: true });
  }
  verifyCoverage(matte.coverage);
  return { data: await encodeRgba(matte.rgba, pixels.width, pixels.height), coverage: matte.coverage };
}
