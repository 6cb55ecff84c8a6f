import { colourWords, readColours } from "#domain/colour-words";
import { promptSentences } from "../prompts";
import { subjectOfWord, type RenderMode, type SubjectName } from "./offline-glyphs.server";
import { findIcons, preferredForSet, preferredSets, type FoundIcons } from "../preview/find-icon.server";
import type { IconSetId } from "../preview/icon-sets.server";
import { weighDomains, type DomainWeights } from "../preview/subject-domains";
import { treatmentOf } from "../preview/icon-treatment.server";
import { genericHeads } from "../preview/subject-senses";

/**
 * What the preview engine makes of a prompt: the subject it draws (or the name it
 * writes on a placeholder), the colours it was asked for, the look, and, in
 * fairness to the person reading the result, the words it did not understand.
 */
export interface PromptReading {
  /** The subject as written: the prompt's first sentence. */
  subject: string;
  /** The drawing it gets, or null: then the engine draws a labelled placeholder. */
  drawing: SubjectName | null;
  /** The open-library icons that draw the subject (preferred over `drawing`), or null. */
  icons: FoundIcons | null;
  /** Colours named with the subject or the object's extra words, then by the style's words. */
  colours: string[];
  /** Only those named with the subject ("a red fox"): a library icon keeps the style's palette otherwise. */
  subjectColours: string[];
  look: { mode: RenderMode; pixel: boolean; painterly: boolean };
  /** The style's and the object's own words: the prompt after its subject, without the sentences every prompt carries. */
  styleWords: string;
  understood: string[];
  unknown: string[];
}

/** Words that carry no picture of their own. */
const fillerWords = new Set(
  (
    "a an the and or but with without of on in at to for by from into onto its it is are be this that these those " +
    "some any each every one two three four five many few very no not only just all both as than then so like " +
    "style styled look looking image images picture"
  ).split(" "),
);

/** Words ending the subject's head noun ("cup of coffee", "sword with gems"). */
const phraseBreaks = new Set(
  "of with on in at for from under over near beside inside behind holding wearing made and or".split(" "),
);

/** Words that hold or measure what follows "of": a cup of coffee is coffee, in a cup. */
const holderWords = new Set(
  (
    "cup mug glass bowl plate bottle jar bag box basket bucket pot can sack pile stack heap slice piece bunch " +
    "loaf bar barrel crate pack packet tin carton cone scoop handful bouquet vase jug pitcher kettle tray"
  ).split(" "),
);

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * The icons that draw the subject and the words they used. "A cup of coffee" is a coffee cup when
 * a library names one, else coffee, else a cup; otherwise the head noun with the words before it.
 */
function iconsForSubject(
  words: string[],
  headIndex: number,
  preference: IconSetId[],
  context: DomainWeights,
): { icons: FoundIcons; used: Set<number> } | null {
  const using = (icons: FoundIcons | null, indices: number[]) =>
    icons && { icons, used: new Set(indices.slice(-icons.phraseWords)) };
  if (headIndex >= 0 && words[headIndex + 1] === "of" && holderWords.has(words[headIndex]!)) {
    let end = words.findIndex((w, i) => i > headIndex + 2 && phraseBreaks.has(w));
    if (end < 0) end = words.length;
    const contents = range(headIndex + 2, end);
    if (contents.length > 0) {
      const held = [...contents, headIndex];
      const together = findIcons(
        held.map((i) => words[i]!),
        held.length - 1,
        preference,
        context,
      );
      if (together && together.phraseWords >= 2) return using(together, held);
      const inside = using(
        findIcons(
          contents.map((i) => words[i]!),
          contents.length - 1,
          preference,
          context,
        ),
        contents,
      );
      if (inside) return inside;
    }
  }
  return using(findIcons(words, headIndex, preference, context), range(0, headIndex + 1));
}

/**
 * Where a subject's head noun ends: before the first phrase break ("a steaming cup" of coffee);
 * a word that names no thing ("hero knight character", "sword icon") gives way to the one before.
 */
function headEndOf(words: string[]): number {
  let headEnd = words.findIndex((w, i) => i > 0 && phraseBreaks.has(w));
  if (headEnd < 0) headEnd = words.length;
  while (headEnd > 1 && genericHeads.has(words[headEnd - 1]!)) headEnd--;
  return headEnd;
}

/** A library's match this sure (before its bonus) names the subject, not a keyword or a part of it. */
const SURE_MATCH = 90;

/** Sets' libraries already worked out: every image of a set asks with the same neighbours. */
const setLibrariesKept = new Map<string, IconSetId[]>();
const SETS_KEPT = 200;

/** The libraries that surely draw each of a set's other subjects, each library asked alone. */
function setLibraries(neighbours: readonly string[], preference: IconSetId[]): IconSetId[] {
  if (neighbours.length === 0) return [];
  const key = `${preference.join(",")}\n${neighbours.join("\n")}`;
  const kept = setLibrariesKept.get(key);
  if (kept) return kept;
  const found = librariesDrawing(neighbours, preference);
  if (setLibrariesKept.size >= SETS_KEPT) setLibrariesKept.delete(setLibrariesKept.keys().next().value!);
  setLibrariesKept.set(key, found);
  return found;
}

function librariesDrawing(neighbours: readonly string[], preference: IconSetId[]): IconSetId[] {
  return neighbours.flatMap((neighbour) => {
    const words = colourWords(neighbour);
    const head = headEndOf(words) - 1;
    return preference.filter((set) => (findIcons(words, head, [set])?.choices[0]?.score ?? 0) >= SURE_MATCH);
  });
}

/**
 * What the whole request points to: the object's own words count most, then the style's words
 * and the subjects drawn with it (a set's other objects), then the subject's head word itself.
 */
function requestContext(
  words: string[],
  headIndex: number,
  styleWords: string,
  neighbours: readonly string[],
): DomainWeights {
  const weighed = words.map((word, i) => ({ word, weight: i === headIndex ? 1 : 2 }));
  for (const word of colourWords(styleWords)) weighed.push({ word, weight: 1 });
  for (const neighbour of neighbours) {
    for (const word of colourWords(neighbour)) weighed.push({ word, weight: 1 });
  }
  return weighDomains(weighed);
}

/** Words that change the preview engine's look, so it understands them. */
const lookWords = new Set(
  (
    "pixel pixels pixelated pixelart art sprite sprites bit crisp outline outlines outlined " +
    "line lines lineart monoline stroke strokes sketch sketched drawing ink " +
    "watercolour watercolor watercolours watercolors gouache painterly wash washes " +
    "flat vector icon icons minimal minimalist simple clean " +
    "duotone two-tone colour colours color colors palette tones hues earthy earth earthen warm cool neon vibrant vivid monochrome greyscale grayscale " +
    // The icon treatment's words (preview/icon-treatment.server.ts) and the libraries' (find-icon).
    "soft 3d isometric glossy shaded shading gradient gradients clay plastic sticker stickers cartoon " +
    "bold thick chunky heavy thin fine hairline delicate tile tiles badge badges button buttons app " +
    "rounded square squares squircle squircles tight shadow shadows shadowless game games rpg fantasy " +
    "dungeon dungeons medieval inventory silhouette silhouettes loot quest quests stencil"
  ).split(" "),
);

/** Words that ask for strokes instead of filled shapes. */
const lineWords =
  /\b(line[ -]?art|line drawings?|line icons?|lines? only|monoline|outline (drawings?|icons?|style)|outlined icons?|strokes? only|stroke icons?|stroked icons?|linear icons?|ink drawings?|sketch)/;

/**
 * Words that name what the engine does anyway in a look, so it understands them there: a sprite
 * has a dark outline, no anti-aliasing, a limited palette and light from the top left; a line
 * drawing even strokes with round caps and joins; its accent fill and ground line when asked.
 */
function wordsActedOn(look: PromptReading["look"], text: string): Set<string> {
  const words: string[] = ["shape", "shapes", "lit", "light", "top", "left", "highlight", "highlights"];
  if (look.pixel) {
    words.push(..."retro dark limited saturated bottom right anti aliasing aliased antialiasing one".split(" "));
  }
  if (look.mode === "line") {
    words.push(..."even round caps cap joins join white space lots airy".split(" "));
    // Understood where the treatment draws them: read by the treatment itself, never a second time here.
    const treatment = treatmentOf(text, look.mode, []);
    if (treatment.accentFill) words.push("single", "accent", "fill");
    // "No fill" is what a line drawing is.
    if (/\b(no|without) fills?\b/i.test(text)) words.push("fill", "fills");
    if (treatment.groundLine) words.push("standing", "short", "broken", "ground");
  }
  if (/\btwo[ -]tone\b/.test(text.toLowerCase())) words.push("two", "tone");
  return new Set(words);
}

/** How a style looks, read from its words: its drawing mode, and pixelated or painterly finishing. */
export function readLook(text: string): PromptReading["look"] {
  const lower = text.toLowerCase();
  return {
    // "Line icons", "outline icons", "strokes only": strokes; "with bold outlines" is a filled shape's edge.
    mode: lineWords.test(lower) ? "line" : "flat",
    pixel: /\bpixel/.test(lower),
    painterly: /\b(watercolou?r|gouache|painterly)/.test(lower),
  };
}

/** The prompt without the sentences every prompt carries and without the hex palette. */
function userWordsOf(rest: string): string {
  let text = rest;
  for (const sentence of Object.values(promptSentences)) text = text.split(sentence).join(" ");
  return text.replace(/Colour palette:[^.]*\./, " ").replace(/#[0-9a-f]{3,8}\b/gi, " ");
}

const unique = (words: string[]) => [...new Set(words)];

/**
 * Reads a prompt; `withIcons: false` reads it as the engine did before it drew library icons.
 * `neighbours` are the subjects drawn with it (a set's other objects): they tell what it means.
 */
export function readPrompt(
  prompt: string,
  options: {
    withIcons?: boolean;
    neighbours?: readonly string[];
    /** Only these libraries, in this order (the candidates "Choose another drawing" shows). */
    libraries?: IconSetId[];
  } = {},
): PromptReading {
  const dot = prompt.indexOf(".");
  const subject = (dot < 0 ? prompt : prompt.slice(0, dot)).trim();
  const rest = dot < 0 ? "" : userWordsOf(prompt.slice(dot + 1));
  const understood: string[] = [];
  const unknown: string[] = [];

  // The head noun: the last word before the first phrase break ("a steaming cup" of coffee).
  const words = colourWords(subject);
  const headEnd = headEndOf(words);
  const headIndex = headEnd - 1;
  const drawing = headIndex >= 0 ? subjectOfWord(words[headIndex]!) : null;
  const look = readLook(rest);
  const neighbours = options.neighbours ?? [];
  const context = requestContext(words, headIndex, rest, neighbours);
  const preference = options.libraries ?? preferredSets(rest, look.mode);
  const ordered = options.libraries ? preference : preferredForSet(preference, setLibraries(neighbours, preference));
  const found = options.withIcons === false ? null : iconsForSubject(words, headIndex, ordered, context);
  const icons = found?.icons ?? null;
  // "an orange" is a fruit, "an orange cat" a colour: the head is never read as one.
  const subjectColours = readColours(words, (i) => i !== headIndex);
  words.forEach((word, i) => {
    const known =
      fillerWords.has(word) ||
      (i >= headEnd && genericHeads.has(word)) ||
      subjectColours.used.has(i) ||
      found?.used.has(i) === true ||
      (drawing !== null && (i === headIndex || subjectOfWord(word) === drawing));
    (known ? understood : unknown).push(word);
  });

  const actedOn = wordsActedOn(look, rest);
  const restWords = colourWords(rest);
  const restColours = readColours(restWords);
  restWords.forEach((word, i) => {
    const known = fillerWords.has(word) || lookWords.has(word) || actedOn.has(word) || restColours.used.has(i);
    (known ? understood : unknown).push(word);
  });

  return {
    subject,
    drawing,
    icons,
    colours: unique([...subjectColours.colours, ...restColours.colours].map((c) => c.hex)),
    subjectColours: unique(subjectColours.colours.map((c) => c.hex)),
    look,
    styleWords: rest,
    understood: unique(understood),
    unknown: unique(unknown).filter((w) => !understood.includes(w)),
  };
}
