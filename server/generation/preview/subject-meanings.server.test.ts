import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readPrompt } from "../providers/offline-reading.server";

/** The public list: (subject, context, meaning, icon names that draw the meaning). */
function readMeanings(path: string) {
  const lines = readFileSync(path, "utf8").split("\n");
  const contexts = new Map<string, string[]>();
  for (const line of lines.filter((l) => l.startsWith("#context\t"))) {
    const [, name, subjects] = line.split("\t");
    contexts.set(
      name!,
      subjects!.split(",").map((s) => s.trim()),
    );
  }
  const rows = lines
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [subject, context, meaning, names] = line.split("\t");
      return { subject: subject!, context: context!, meaning: meaning!, names: new RegExp(`^(${names})$`) };
    });
  return { contexts, rows };
}

const styles = {
  flat: "Flat pastel icons",
  game: "Chunky game inventory icons with bold outlines",
  line: "Minimal line art icons, thin strokes",
};

const { contexts, rows } = readMeanings("tests/fixtures/subject-meanings.tsv");

/** The icon the engine draws for a subject among a set's other subjects, in a style. */
function drawnIcon(subject: string, context: string, style: string) {
  const neighbours = contexts.get(context)!.filter((s) => s !== subject);
  return readPrompt(`${subject}. ${style}.`, { neighbours }).icons?.choices[0] ?? null;
}

describe("what a subject means among the set it is drawn in", () => {
  it("lists at least 200 ambiguous subjects in game, finance, kitchen, animal, nature and office sets", () => {
    expect(rows.length).toBeGreaterThanOrEqual(200);
    for (const context of ["game", "finance", "kitchen", "animal", "nature", "office"]) {
      expect(rows.filter((r) => r.context === context).length, context).toBeGreaterThanOrEqual(10);
    }
    for (const row of rows) expect(contexts.has(row.context), row.context).toBe(true);
  });

  it.each(Object.keys(styles) as (keyof typeof styles)[])(
    "draws the meant thing for 95 percent of them in the %s style",
    (name) => {
      const wrong = rows.filter((row) => {
        const icon = drawnIcon(row.subject, row.context, styles[name]);
        return !icon || !row.names.test(icon.name);
      });
      const shown = wrong.map(
        (r) =>
          `${r.subject} in ${r.context} (${r.meaning}): ${drawnIcon(r.subject, r.context, styles[name])?.name ?? "nothing"}`,
      );
      expect(wrong.length / rows.length, shown.join("\n")).toBeLessThanOrEqual(0.05);
    },
  );

  it("reads the same word two ways in two sets", () => {
    expect(drawnIcon("bow", "game", styles.game)?.name).toMatch(/bow-arrow|pocket-bow/);
    expect(drawnIcon("bow", "clothing", styles.flat)?.name).toMatch(/ribbon/);
    expect(drawnIcon("mouse", "office", styles.flat)?.name).toBe("computer-mouse");
    expect(drawnIcon("mouse", "animal", styles.flat)?.name).toBe("mouse");
    // An icon whose name is about another thing loses to one about the subject.
    expect(drawnIcon("bitcoin", "finance", styles.line)?.name).toMatch(/^(currency|coin)-bitcoin$/);
    expect(drawnIcon("dollar", "finance", styles.line)?.name).not.toMatch(/bell|camera/);
    expect(drawnIcon("bow", "game", styles.game)?.name).not.toBe("ship-bow");
  });
});
