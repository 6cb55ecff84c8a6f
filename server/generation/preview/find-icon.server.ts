import { iconIndex, type IconIndex, type IconMatch } from "./icon-index.server";
import type { IconSetId } from "./icon-sets.server";
import { agreement, domainsOf, type Domain, type DomainWeights } from "./subject-domains";
import { drawnAs, iconDomains, plainestIcons, wordSenses } from "./subject-senses";
import { wordForms } from "./subject-terms";

/** Matches this close to the best are equally good: variations and seeds choose among them. */
const SAME_TIER = 5;
/** The most equally good matches a subject offers. */
const MAX_CHOICES = 4;
/** Icons this far behind the best are still about the subject: more images of an object draw them. */
const MORE_TIER = 40;
/** The most such icons an object's further images draw. */
const MAX_MORE = 8;
/** The longest phrase tried, in words, ending at the head noun ("polar bear", "hot air balloon"). */
const LONGEST_PHRASE = 3;

/** Names of a thing damaged or changed ("bloody sword", "broken shield"): drawn only when nothing plainer is. */
const alteredThing =
  /\b(bloody|broken|dripping|fragmented|burning|flaming|shattered|cracked|rotten|dead|death|sick|evil|crossed|wilted)\b/;

/** Names of a diagram or an idea rather than a thing ("family-tree", "checkbox-tree"): drawn only when nothing else is. */
const notAThing = /\b(checkbox|family|binary|diagram|hierarchy|sitemap|skills?|logic|git|org)\b/;

/** What an icon gains at most when its field is the request's. */
const AGREES = 30;
/** What an icon about another field loses ("camera-bitcoin" in a finance set). */
const DISAGREES = 35;
/** Another meaning of the word ("bow" as a ribbon) starts this far behind its first. */
const OTHER_SENSE = 10;
/** The nearest drawing of a word no library names ("safe" as a vault). */
const NEAREST_DRAWING = 8;
/** The plainest drawing of a common subject in a library that names none plainly ("broadsword"). */
const PLAINEST = 25;
/** How far behind another library's icon the first library's may be and still draw the subject. */
const SAME_LIBRARY_MARGIN = 25;
/** A match at least this sure comes from the icon's name, not from a keyword ("sword" tags a fencer). */
const NAMED = 40;
/** How strongly the request must point to a field to read a word's meaning in it. */
const SENSE_THRESHOLD = 0.5;

/**
 * What a style's words say about which library fits it best, best first. A filled style never
 * draws a line library's icon: strokes among filled shapes are two looks, so the placeholder
 * stands in instead. A line style draws any library's icon as its outline, the line library first.
 */
export function preferredSets(styleWords: string, mode: "flat" | "line"): IconSetId[] {
  if (mode === "line") return ["tabler", "game-icons", "fluent-emoji-flat"];
  if (/\b(games?|rpg|fantasy|dungeons?|medieval|inventory|silhouettes?|loot|quests?|stencil)\b/i.test(styleWords)) {
    return ["game-icons", "fluent-emoji-flat"];
  }
  return ["fluent-emoji-flat", "game-icons"];
}

/**
 * A style's libraries with the one that draws most of the set first (ties keep the style's order):
 * a set of swords and potions is drawn in Game Icons even in a colourful style, or as Game Icons'
 * outlines in a line style, so its images share one library and one look. A line style's colour
 * library stays its last resort. `setChoices` names, for each of the set's subjects, each library
 * that surely draws it.
 */
export function preferredForSet(preference: IconSetId[], setChoices: IconSetId[]): IconSetId[] {
  if (setChoices.length === 0) return preference;
  const count = (set: IconSetId) => setChoices.filter((choice) => choice === set).length;
  const line = preference[0] === "tabler";
  const ranked = line ? preference.slice(0, -1) : preference;
  return [...ranked.sort((a, b) => count(b) - count(a)), ...preference.slice(ranked.length)];
}

export interface FoundIcons {
  /** The equally good icons, best first; one of them is drawn. */
  choices: IconMatch[];
  /** Other icons of the same library about the subject, for more images of an object once the choices are drawn. */
  more: IconMatch[];
  /** How many words before and including the head noun the matching phrase used. */
  phraseWords: number;
}

/**
 * The icons that draw a subject: the longest phrase ending at its head noun that names one (so
 * "polar bear" is a polar bear, not any bear), scored by how surely the words name the icon and
 * how well its library fits the style. Null when no library names it.
 */
export function findIcons(
  words: string[],
  headIndex: number,
  preference: IconSetId[],
  context: DomainWeights = new Map(),
): FoundIcons | null {
  // A single letter names nothing worth drawing (and would match every "letter-x" icon).
  if (headIndex < 0 || words[headIndex]!.length < 2) return null;
  const index = iconIndex();
  // A colour library is a last resort for a line style.
  const lastResort = preference.length > 2 ? preference.at(-1) : undefined;
  const bonus = (set: IconSetId) => [30, 8, -50][preference.indexOf(set)] ?? 0;
  const penalty = (name: string) => (alteredThing.test(name) || notAThing.test(name) ? 15 : 0);
  let fallback: FoundIcons | null = null;
  for (let length = Math.min(LONGEST_PHRASE, headIndex + 1); length >= 1; length--) {
    const phrase = words.slice(headIndex - length + 1, headIndex + 1);
    const matches = candidates(index, phrase, context, preference);
    if (matches.length === 0) continue;
    const ranked = matches
      .map((m) => {
        const fits = fit(index, m, phrase, context);
        return { ...m, fits, named: m.score >= NAMED, score: m.score + bonus(m.set) - penalty(m.name) + fits };
      })
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
    // One look per set: the first library draws the subject whenever it has an icon that is about
    // it; another library only where it has none (or only icons about something else).
    const top = ranked[0]!;
    const best =
      ranked.find(
        (m) => m.set === preference[0] && m.named && m.fits >= 0 && m.score >= top.score - SAME_LIBRARY_MARGIN,
      ) ?? top;
    // From the best match's library only: a set's images all come from the same one.
    const sameLibrary = ranked.filter((m) => m.set === best.set);
    const choices = sameLibrary.filter((m) => m.score >= best.score - SAME_TIER).slice(0, MAX_CHOICES);
    const more = sameLibrary
      .filter((m) => !choices.includes(m) && m.named && m.fits >= 0 && m.score >= best.score - MORE_TIER)
      .slice(0, MAX_MORE);
    const plain = ({ set, name, score }: IconMatch) => ({ set, name, score });
    const found = { choices: choices.map(plain), more: more.map(plain), phraseWords: length };
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

interface Candidate extends IconMatch {
  /** The field of the meaning it draws, when it draws another meaning of the word. */
  sense?: Domain;
}

/**
 * The icons a phrase names; for one word, also those of its other meanings in the fields the
 * request points to, and the nearest drawing of a word no library names.
 */
function candidates(index: IconIndex, phrase: string[], context: DomainWeights, preference: IconSetId[]): Candidate[] {
  const found: Candidate[] = index.find(phrase).filter((m) => preference.includes(m.set));
  const word = phrase[0]!.toLowerCase();
  const forms = phrase.length === 1 ? wordForms(word) : [phrase.join(" ").toLowerCase()];
  for (const form of forms) {
    for (const [key, name] of Object.entries(plainestIcons)) {
      const [set, plain] = key.split(":") as [IconSetId, string];
      if (plain === form && preference.includes(set) && !found.some((m) => m.set === set && m.name === name)) {
        found.push({ set, name, score: 64 });
      }
    }
  }
  if (phrase.length !== 1) return found;
  for (const { domain, as } of wordSenses[word] ?? []) {
    // A sense drawn by the word itself would lend its field to every icon the word names.
    if (as === word || (context.get(domain) ?? 0) < SENSE_THRESHOLD) continue;
    for (const m of index.find(as.split(" "))) {
      if (preference.includes(m.set)) found.push({ ...m, score: m.score - OTHER_SENSE, sense: domain });
    }
  }
  const nearest = wordForms(word)
    .map((form) => drawnAs[form])
    .find(Boolean);
  // Only where the set's library has no icon named by the word that is about it ("gun-stock" is
  // not stocks): its nearest drawing keeps the set in one library ("wallet" as a purse).
  const named = found.some((m) => m.set === preference[0] && m.score >= NAMED && fit(index, m, phrase, context) >= 0);
  for (const drawing of named ? [] : (nearest ?? [])) {
    for (const m of index.find(drawing.split(" "))) {
      if (preference.includes(m.set)) found.push({ ...m, score: m.score - NEAREST_DRAWING });
    }
  }
  return found;
}

/**
 * How well an icon fits the request: the fields its other words are about ("currency" in
 * "currency-bitcoin", "ship" in "ship-bow") against the fields the request points to.
 */
function fit(index: IconIndex, match: Candidate, phrase: string[], context: DomainWeights): number {
  const own = new Set(phrase.flatMap(wordForms));
  const names = [...own, phrase.join(" ").toLowerCase()];
  const plainest = names.some((name) => plainestIcons[`${match.set}:${name}`] === match.name) ? PLAINEST : 0;
  return plainest + fieldFit(index, match, own, phrase, context);
}

function fieldFit(
  index: IconIndex,
  match: Candidate,
  own: Set<string>,
  phrase: string[],
  context: DomainWeights,
): number {
  if (context.size === 0) return 0;
  const domains = new Set<Domain>(iconDomains[`${match.set}:${match.name}`] ?? []);
  if (match.sense) domains.add(match.sense);
  for (const word of index.about(match.set, match.name)) {
    if (!own.has(word)) for (const domain of domainsOf(word)) domains.add(domain);
  }
  // An icon named by the words alone ("shield") is about what they are about, less surely.
  const inherited = domains.size === 0;
  if (inherited) for (const domain of phrase.flatMap(domainsOf)) domains.add(domain);
  if (domains.size === 0) return 0;
  const agrees = agreement(domains, context);
  if (agrees === 0) return -DISAGREES;
  return Math.round(AGREES * agrees * (inherited ? 0.5 : 1));
}
