import { iconIndex, type IconMatch } from "./icon-index.server";
import type { IconSetId } from "./icon-sets.server";

/** Matches this close to the best are equally good: variations and seeds choose among them. */
const SAME_TIER = 5;
/** The most equally good matches a subject offers. */
const MAX_CHOICES = 4;
/** The longest phrase tried, in words, ending at the head noun ("polar bear", "hot air balloon"). */
const LONGEST_PHRASE = 3;

/** Names of a thing damaged or changed ("bloody sword", "broken shield"): drawn only when nothing plainer is. */
const alteredThing =
  /\b(bloody|broken|dripping|fragmented|burning|flaming|shattered|cracked|rotten|dead|death|sick|evil|crossed|wilted)\b/;

/** Names of a diagram or an idea rather than a thing ("family-tree", "checkbox-tree"): drawn only when nothing else is. */
const notAThing = /\b(checkbox|family|binary|diagram|hierarchy|sitemap|skills?|logic|git|org)\b/;

/** What a style's words say about which library fits it best, best first. */
export function preferredSets(styleWords: string, mode: "flat" | "line"): IconSetId[] {
  if (mode === "line") return ["tabler", "game-icons", "fluent-emoji-flat"];
  if (/\b(games?|rpg|fantasy|dungeons?|medieval|inventory|silhouettes?|loot|quests?|stencil)\b/i.test(styleWords)) {
    return ["game-icons", "fluent-emoji-flat", "tabler"];
  }
  return ["fluent-emoji-flat", "game-icons", "tabler"];
}

export interface FoundIcons {
  /** The equally good icons, best first; one of them is drawn. */
  choices: IconMatch[];
  /** How many words before and including the head noun the matching phrase used. */
  phraseWords: number;
}

/**
 * The icons that draw a subject: the longest phrase ending at its head noun that names one (so
 * "polar bear" is a polar bear, not any bear), scored by how surely the words name the icon and
 * how well its library fits the style. Null when no library names it.
 */
export function findIcons(words: string[], headIndex: number, preference: IconSetId[]): FoundIcons | null {
  // A single letter names nothing worth drawing (and would match every "letter-x" icon).
  if (headIndex < 0 || words[headIndex]!.length < 2) return null;
  const index = iconIndex();
  // A line library is a last resort for a filled style, and the other way round.
  const lastResort = preference.at(-1);
  const bonus = (set: IconSetId) => [20, 8, -50][preference.indexOf(set)] ?? 0;
  const penalty = (name: string) => (alteredThing.test(name) || notAThing.test(name) ? 15 : 0);
  let fallback: FoundIcons | null = null;
  for (let length = Math.min(LONGEST_PHRASE, headIndex + 1); length >= 1; length--) {
    const phrase = words.slice(headIndex - length + 1, headIndex + 1);
    const matches = index.find(phrase);
    if (matches.length === 0) continue;
    const ranked = matches
      .map((m) => ({ ...m, score: m.score + bonus(m.set) - penalty(m.name) }))
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
    const best = ranked[0]!;
    const found = {
      // From the best match's library only: a set's images all come from the same one.
      choices: ranked.filter((m) => m.set === best.set && m.score >= best.score - SAME_TIER).slice(0, MAX_CHOICES),
      phraseWords: length,
    };
    // A phrase only the last-resort library names ("treasure chest" in a line set, for a game
    // style) yields to a shorter one a fitting library draws; it is kept should none.
    if (best.set === lastResort) {
      fallback ??= found;
      continue;
    }
    return found;
  }
  return fallback;
}
