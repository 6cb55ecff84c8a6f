import { estimateBackground } from "./background.server";
import {
  decodeRgb,
  encodeRgba,
  matteFromBackground,
  MatteError,
  verifyCoverage,
  type MatteResult,
} from "./matte.server";

export const NOT_FLAT_MESSAGE = "This image's background is not a flat colour, so it cannot be removed cleanly.";

/** How much of the border must sit on one colour, and how tightly, for it to be a flat background. */
const FLAT = { uniformity: 0.9, noise: 24 } as const;

/**
 * Takes a flat-coloured background out of an existing image. The colour is read from
 * the border; only background joined to the border goes, so a white eye on a white
 * background stays. Throws a MatteError (with a sentence for the user) when the
 * background is not flat or nothing sensible is left.
 */
export async function removeFlatBackground(image: Buffer): Promise<MatteResult> {
  const pixels = await decodeRgb(image);
  const background = estimateBackground(pixels);
  if (!background || background.uniformity < FLAT.uniformity || background.noise > FLAT.noise) {
    throw new MatteError(NOT_FLAT_MESSAGE);
  }
  const { rgba, coverage } = matteFromBackground(pixels, { background, connectedOnly: true });
  verifyCoverage(coverage);
  return { data: await encodeRgba(rgba, pixels.width, pixels.height), coverage };
}
