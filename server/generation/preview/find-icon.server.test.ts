import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readPrompt } from "../providers/offline-reading.server";
import { findIcons, preferredSets } from "./find-icon.server";
import { wordForms } from "./subject-terms";

const commonSubjects = readFileSync("tests/fixtures/common-subjects.txt", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

/** The icon a subject gets in a style, as the preview engine reads the prompt. */
const iconFor = (subject: string, style: string) => readPrompt(`${subject}. ${style}.`).icons?.choices[0] ?? null;

const styles = {
  flat: "Flat pastel isometric icons",
  game: "Chunky game inventory icons with bold outlines",
  line: "Minimal line art icons, thin strokes",
};

describe("finding a subject in the open icon libraries", () => {
  it.each(Object.keys(styles) as (keyof typeof styles)[])(
    "draws 90 percent of a list of common subjects in the %s style",
    (name) => {
      const style = styles[name];
      expect(commonSubjects.length).toBeGreaterThan(200);
      const missing = commonSubjects.filter((subject) => iconFor(subject, style) === null);
      expect(missing.length / commonSubjects.length, `not found: ${missing.join(", ")}`).toBeLessThanOrEqual(0.1);
    },
  );

  it("reads plurals, synonyms and phrases as a person means them", () => {
    expect(wordForms("foxes")).toContain("fox");
    expect(wordForms("berries")).toContain("berry");
    expect(wordForms("cookies")).toContain("cookie");
    expect(wordForms("wolves")).toContain("wolf");
    expect(wordForms("knives")).toContain("knife");
    expect(wordForms("mice")).toContain("mouse");
    expect(wordForms("bunny")).toContain("rabbit");
    expect(iconFor("three foxes", styles.flat)?.name).toBe("fox");
    expect(iconFor("a bunny", styles.flat)?.name).toMatch(/rabbit/);
    // The longest phrase ending at the head noun: a polar bear, not any bear.
    expect(iconFor("a polar bear", styles.flat)?.name).toBe("polar-bear");
    // The head noun of "potion of healing" is the potion.
    expect(iconFor("potion of healing", styles.game)?.name).toMatch(/potion|flask/);
  });

  it("draws every style's four sample subjects as the things they are", () => {
    for (const style of [styles.flat, styles.game, "Cozy RPG inventory icons, warm earthy palette"]) {
      expect(iconFor("a cosy house", style)?.name, style).toBe("house");
      expect(iconFor("a sitting cat", style)?.name, style).toBe("cat");
      // A cup of coffee is a coffee cup (not any cup: a trophy is a cup too).
      expect(iconFor("a steaming cup of coffee", style)?.name, style).toBe("coffee-cup");
      // A leafy tree is a tree with leaves, never a diagram.
      expect(iconFor("a leafy tree", style)?.name, style).toBe("deciduous-tree");
    }
    expect(readPrompt(`a steaming cup of coffee. ${styles.game}.`).unknown).toEqual(["steaming"]);
  });

  it("reads what a holder holds, and leaves diagrams and last-resort libraries for when nothing else draws", () => {
    // The contents, when no library names them with their holder.
    expect(iconFor("a bowl of cherries", styles.flat)?.name).toMatch(/cherr/);
    expect(iconFor("a slice of pizza", styles.flat)?.name).toMatch(/pizza/);
    // Not a family tree or a checkbox tree.
    for (const choice of readPrompt(`a tree. ${styles.game}.`).icons!.choices) {
      expect(choice.name).not.toMatch(/family|checkbox/);
    }
    // "Treasure chest" is only a line icon's name: a game style draws its own library's treasure chest.
    expect(readPrompt(`a treasure chest. ${styles.game}.`).icons?.choices[0]).toMatchObject({
      set: "game-icons",
      name: "open-treasure-chest",
    });
    // A line style still finds it by its full name.
    expect(iconFor("a treasure chest", styles.line)?.name).toBe("treasure-chest");
  });

  it("prefers the library that fits the style, and keeps a set in one library", () => {
    expect(preferredSets(styles.line, "line")[0]).toBe("tabler");
    expect(preferredSets(styles.game, "flat")[0]).toBe("game-icons");
    expect(preferredSets(styles.flat, "flat")[0]).toBe("fluent-emoji-flat");
    for (const animal of ["fox", "owl", "bear", "deer", "rabbit"]) {
      expect(iconFor(animal, styles.flat)?.set).toBe("fluent-emoji-flat");
      expect(iconFor(animal, styles.game)?.set).toBe("game-icons");
      const reading = readPrompt(`${animal}. ${styles.flat}.`);
      expect(new Set(reading.icons!.choices.map((c) => c.set)).size).toBe(1);
    }
    expect(iconFor("coffee", styles.line)?.set).toBe("tabler");
  });

  it("finds nothing for words no library names, and says which words it did not understand", () => {
    expect(findIcons(["flibbertigibbet"], 0, preferredSets("", "flat"))).toBeNull();
    expect(findIcons(["b"], 0, preferredSets("", "flat"))).toBeNull();
    const reading = readPrompt("a cosy fox. Flat pastel icons.");
    expect(reading.icons).not.toBeNull();
    expect(reading.unknown).toEqual(["cosy"]);
  });
});
