import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { emojiNames, iconNames, iconSets, type IconSetId } from "./icon-sets.server";
import { wordForms } from "./subject-terms";

/** An icon that a term names, and how surely. */
export interface IconMatch {
  set: IconSetId;
  name: string;
  score: number;
}

interface EmojibaseEntry {
  hexcode: string;
  label: string;
  tags?: string[];
}

/** A keyword shared by more emoji than this says too little to draw any of them ("animal", "face"). */
const MAX_EMOJI_PER_TAG = 4;

/** Names left out: skin-tone copies, brand logos (trademarks), crossed-out and alternate forms. */
const leftOut = /(-(light|dark|medium|medium-light|medium-dark)$)|(^brand-)|(-off$)|(-filled$)/;

/** Second words that make a name a portrait of its first ("fox head", "bear head"). */
const portraitWords = new Set(["head"]);

const require = createRequire(import.meta.url);

export class IconIndex {
  private readonly terms = new Map<string, IconMatch[]>();
  /** What each icon is about: its name's words, and an emoji's label and keywords. */
  private readonly aboutWords = new Map<string, Set<string>>();

  /** The words an icon is about, for reading its field (subject-domains). */
  about(set: IconSetId, name: string): ReadonlySet<string> {
    return this.aboutWords.get(`${set}:${name}`) ?? new Set();
  }

  private remember(set: IconSetId, name: string, words: string[]): void {
    const key = `${set}:${name}`;
    const known = this.aboutWords.get(key) ?? new Set<string>();
    for (const word of words) known.add(word);
    this.aboutWords.set(key, known);
  }

  add(term: string, match: IconMatch): void {
    const list = this.terms.get(term);
    if (!list) {
      this.terms.set(term, [match]);
      return;
    }
    const same = list.find((m) => m.set === match.set && m.name === match.name);
    if (same) same.score = Math.max(same.score, match.score);
    else list.push(match);
  }

  /** An icon's name and its words: the whole name names it surely, one of its words less so. */
  addName(set: IconSetId, name: string, words: string[], whole: number): void {
    this.remember(set, name, words);
    this.add(words.join(" "), { set, name, score: whole });
    // "bear-head": a drawing of the animal itself, nearly as sure as its name.
    if (words.length === 2 && portraitWords.has(words[1]!)) {
      this.add(words[0]!, { set, name, score: whole - 5 });
      return;
    }
    const part = Math.max(20, 64 - 10 * (words.length - 1));
    // The last word is usually the thing ("deciduous tree"), the first a kind of it ("water buffalo").
    words.forEach((word, i) => this.add(word, { set, name, score: part + (i === words.length - 1 ? 6 : 0) }));
  }

  /** The icons a phrase names, best first; each word is tried in its plural-free and synonym forms. */
  find(phrase: string[]): IconMatch[] {
    if (phrase.length === 0) return [];
    const best = new Map<string, IconMatch>();
    // Every word in each of its forms ("leafy tree" is also a "deciduous tree"); the words as
    // written count a little more than forms read into them.
    const readings = phrase.reduce<{ words: string[]; read: boolean }[]>(
      (partial, word) =>
        partial.flatMap((p) =>
          wordForms(word).map((form, i) => ({ words: [...p.words, form], read: p.read || i > 0 })),
        ),
      [{ words: [], read: false }],
    );
    for (const reading of readings) {
      for (const match of this.terms.get(reading.words.join(" ")) ?? []) {
        const score = match.score - (reading.read ? 5 : 0);
        const key = `${match.set}:${match.name}`;
        if ((best.get(key)?.score ?? -Infinity) < score) best.set(key, { ...match, score });
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  /** An emoji's keywords tell its field even where they are too common to find it by. */
  aboutEmoji(set: IconSetId, name: string, tags: string[]): void {
    this.remember(set, name, tags);
  }

  get size(): number {
    return this.terms.size;
  }
}

let built: IconIndex | null = null;

/**
 * Every bundled set's names, and the emoji sets' Emojibase labels and keywords, by the words in
 * them. Built on first use (about 100 ms); the sets' drawings are let go after, only the names stay.
 */
export function iconIndex(): IconIndex {
  if (built) return built;
  const index = new IconIndex();
  for (const set of Object.values(iconSets)) {
    for (const name of iconNames(set.id)) {
      if (!leftOut.test(name)) index.addName(set.id, name, name.split("-"), 100);
    }
  }
  const emoji = JSON.parse(readFileSync(require.resolve("emojibase-data/en/compact.json"), "utf8")) as EmojibaseEntry[];
  const tagCounts = new Map<string, number>();
  for (const entry of emoji) for (const tag of entry.tags ?? []) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  for (const set of Object.values(iconSets).filter((s) => s.emoji)) {
    const byCode = emojiNames(set.id);
    for (const entry of emoji) {
      const code = entry.hexcode.toLowerCase();
      const name = byCode.get(code) ?? byCode.get(`${code}-fe0f`);
      if (!name || leftOut.test(name)) continue;
      const words = entry.label
        .toLowerCase()
        .replace(/[^a-z0-9 ]+/g, " ")
        .split(/\s+/)
        .filter(Boolean);
      if (words.length) index.addName(set.id, name, words, 95);
      for (const tag of entry.tags ?? []) {
        if ((tagCounts.get(tag) ?? 0) <= MAX_EMOJI_PER_TAG)
          index.add(tag.toLowerCase(), { set: set.id, name, score: 35 });
      }
      index.aboutEmoji(
        set.id,
        name,
        (entry.tags ?? []).map((tag) => tag.toLowerCase()),
      );
    }
  }
  built = index;
  return index;
}
