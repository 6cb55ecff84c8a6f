import { readPrompt } from "../providers/offline-reading.server";
import { offlineSvg } from "../providers/offline.server";
import type { GenerateRequest } from "../providers/provider";
import { iconSets, type IconSetId } from "./icon-sets.server";

/** One drawing a person may choose for an object: the library icon, and how the style redraws it. */
export interface DrawingCandidate {
  set: IconSetId;
  icon: string;
  /** The library's name, for its credit line. */
  library: string;
  /** The icon redrawn in the style's treatment and palette, as a standalone SVG document. */
  svg: string;
}

/** How many candidates each library offers: about a dozen in all. */
const PER_LIBRARY = 6;

/**
 * The drawings "Choose another drawing" offers for an object: from every bundled library, the
 * icons that are about its subject as the whole request reads it (its style's words, the set
 * around it), each redrawn as the style would draw it. `request` is the object's own generation
 * request; its library preference is ignored, so every library is asked.
 */
export function drawingCandidates(request: GenerateRequest): DrawingCandidate[] {
  const candidates: DrawingCandidate[] = [];
  for (const set of Object.keys(iconSets) as IconSetId[]) {
    const found = readPrompt(request.prompt, { neighbours: request.neighbours, libraries: [set] }).icons;
    for (const match of [...(found?.choices ?? []), ...(found?.more ?? [])].slice(0, PER_LIBRARY)) {
      const svg = offlineSvg({ ...request, n: 1, drawing: { set: match.set, icon: match.name }, avoid: undefined }, 0);
      candidates.push({ set: match.set, icon: match.name, library: iconSets[match.set].name, svg });
    }
  }
  return candidates;
}
