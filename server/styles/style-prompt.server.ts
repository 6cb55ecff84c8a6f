import { styleSystemPrompt } from "../generation/prompts";
import { lineArtWords } from "./image-traits.server";

/** Words that say how a style's shapes are drawn: filled, in lines, in pixels, painted, modelled. */
const drawnHow =
  /\b(line|lines|lineart|outlined?|outlines|strokes?|stroked|filled|solid|glyphs?|silhouettes?|flat|pixel|pixels|painted|painterly|watercolou?r|gouache|3d|clay|isometric|realistic|photo\w*|rendered|shaded|gradients?|duotone|emoji)\b/i;

/**
 * The written-down style: the user's words, or those derived from the references, and the
 * palette. References drawn in lines make line art of words that do not say how shapes are
 * drawn ("cosy autumn icons"), so the references' look is not lost to a description.
 */
export function stylePromptOf(style: {
  description: string;
  derivedDescription: string | null;
  palette: string[];
}): string {
  const { description, derivedDescription } = style;
  const inLines = Boolean(derivedDescription?.includes(lineArtWords)) && !drawnHow.test(description);
  return styleSystemPrompt({
    description: description
      ? inLines
        ? `${description.replace(/[\s.;,]+$/, "")}; ${lineArtWords}`
        : description
      : derivedDescription || "",
    palette: style.palette,
  });
}
