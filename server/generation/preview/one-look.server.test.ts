import { describe, expect, it } from "vitest";
import { readPrompt } from "../providers/offline-reading.server";
import { iconSets } from "./icon-sets.server";

const finance = [
  "bank",
  "bitcoin",
  "dollar",
  "budget",
  "safe",
  "savings",
  "wallet",
  "credit card",
  "invoice",
  "chart",
  "coin",
  "piggy bank",
  "receipt",
  "calculator",
  "cash",
  "tax",
  "loan",
  "stocks",
  "euro",
  "exchange",
];
const rpg = [
  "sword",
  "shield",
  "potion",
  "helmet",
  "bow",
  "scroll",
  "treasure chest",
  "gem",
  "coin",
  "key",
  "ring",
  "armor",
  "boots",
  "axe",
  "staff",
  "torch",
  "map",
  "bomb",
  "arrow",
  "crown",
];

/** The library each subject of a set is drawn from, the set's other subjects as its neighbours. */
const librariesOf = (set: string[], style: string) =>
  set.map((subject) => {
    const neighbours = set.filter((other) => other !== subject);
    return readPrompt(`${subject}. ${style}.`, { neighbours }).icons?.choices[0]?.set ?? null;
  });

describe("one look per set", () => {
  it.each([
    ["a finance set", finance, "Flat pastel icons", ["piggy bank"]],
    ["a finance set", finance, "flat duotone line icons, rounded", []],
    ["an RPG set", rpg, "16-bit pixel art RPG", []],
    ["an RPG set", rpg, "Flat pastel icons", []],
    ["an RPG set", rpg, "Minimal line art icons, thin strokes", []],
  ])("draws %s in %s from one library, another only for what it lacks", (_, set, style, lacking) => {
    const libraries = librariesOf(set, style);
    const counts = new Map<string, number>();
    for (const library of libraries) if (library) counts.set(library, (counts.get(library) ?? 0) + 1);
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    // Every subject is drawn, from the set's library, save one Fluent Emoji has no drawing for.
    expect(libraries).not.toContain(null);
    expect(set.filter((_, i) => libraries[i] !== main)).toEqual(lacking);
    // One treatment: a filled style never draws a line library's icon.
    const line = readPrompt(`a thing. ${style}.`).look.mode === "line";
    if (!line)
      for (const library of counts.keys()) expect(iconSets[library as keyof typeof iconSets].kind).not.toBe("line");
  });

  it("draws a set of game items in the game library even in a colourful style", () => {
    const libraries = librariesOf(rpg, "Flat pastel icons");
    expect(libraries.filter((l) => l === "game-icons").length).toBeGreaterThan(rpg.length / 2);
  });
});
