import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * When a decision record replaces all or part of an earlier one, both say so on their status line
 * (the first line with "Status:", the only line of a record that may change, decision 077):
 *
 * - the later record: "supersedes NNN" (all of it) or "amends NNN" (part of it), optionally followed
 *   by a note in parentheses on which part: `amends 014 (its "partial failure …" consequence)`;
 * - the earlier record: "superseded by NNN" or "amended by NNN", with the same verb.
 *
 * NNN is a record's number as its file name starts (`031`, `031a`); several are written
 * "016, 077 and 081"; case does not matter; other words of the line are free. A status line that
 * says "supersedes", "amends" or "replaces" in any other form ("Supersedes the 'per process' part
 * of 020a") fails, so every such claim can be checked. "Extends", "builds on", "adds to" and
 * "follows" name a record built on, not replaced, and need no answer. A line of a record's text
 * that starts "Amends NNN" (as 078, 079 and 081 do under their status line) is repeated on the
 * status line.
 *
 * A record's number is its own. A lettered record shares its three digits only with a record it
 * amends or supersedes (031a amends 031); 019a/019b and 025–025d were numbered so before this test
 * and keep their numbers, since links to them exist. 103 and 104 were 020a and 020b, which shared
 * 020 with an unrelated decision.
 */

const folder = fileURLToPath(new URL("../../docs/decisions/", import.meta.url));
const SHARED_BEFORE_THIS_RULE = new Set(["019", "025"]);

const ID = String.raw`\d{3}[a-z]?`;
const LIST = String.raw`${ID}(?:(?:, | and )${ID})*`;
const CLAIM = new RegExp(String.raw`\b(supersedes|amends) (${LIST})\b`, "gi");
const BACK_REFERENCE = new RegExp(String.raw`\b(superseded|amended) by (${LIST})\b`, "gi");
const ANY_SUCH_WORD = /\b(?:supersed|amend|replac)\w*/gi;
const TEXT_CLAIM = new RegExp(String.raw`^(?:Amends|Supersedes|Replaces) (${LIST})\b`);

type Verb = "supersedes" | "amends";
interface Link {
  verb: Verb;
  id: string;
}
interface StatusLinks {
  claims: Link[];
  backReferences: Link[];
  /** Words ("supersedes", "amended", "replaces") the two patterns above did not account for. */
  unrecognised: number;
}

const ids = (list: string) => list.split(/, | and /);
const verbOf = (word: string): Verb => (/^supersed/i.test(word) ? "supersedes" : "amends");

/** Each verb of `pattern` in `status`, once for every record number its list names. */
const linksMatching = (status: string, pattern: RegExp): Link[] =>
  [...status.matchAll(pattern)].flatMap(([, verb = "", list = ""]) =>
    ids(list).map((id) => ({ verb: verbOf(verb), id })),
  );

/** What a status line says a record replaces, and what replaced it. */
export function linksOf(status: string): StatusLinks {
  const recognised = [...status.matchAll(CLAIM)].length + [...status.matchAll(BACK_REFERENCE)].length;
  return {
    claims: linksMatching(status, CLAIM),
    backReferences: linksMatching(status, BACK_REFERENCE),
    unrecognised: [...status.matchAll(ANY_SUCH_WORD)].length - recognised,
  };
}

interface DecisionRecord {
  id: string;
  name: string;
  status: string;
  textClaims: string[];
  links: StatusLinks;
}

const records: DecisionRecord[] = readdirSync(folder)
  .filter((name) => /^\d{3}[a-z]?-.+\.md$/.test(name))
  .map((name) => {
    const lines = readFileSync(folder + name, "utf8").split("\n");
    const status = lines.find((line) => /Status:/.test(line)) ?? "";
    return {
      id: name.slice(0, name.indexOf("-")),
      name,
      status,
      textClaims: lines.flatMap((line) => ids(line.match(TEXT_CLAIM)?.[1] ?? "").filter(Boolean)),
      links: linksOf(status),
    };
  });
const byId = new Map(records.map((record) => [record.id, record]));
const backWording = { supersedes: "superseded by", amends: "amended by" } as const;

describe("decision records that replace others", () => {
  it("say so in the status line's form, which the earlier record answers with the same verb", () => {
    const problems: string[] = [];
    for (const record of records) {
      if (!record.status) problems.push(`${record.name} has no status line`);
      if (record.links.unrecognised > 0)
        problems.push(
          `${record.id}'s status line says supersedes/amends/replaces in a form not checked: ${record.status}`,
        );
      for (const { verb, id } of record.links.claims) {
        const earlier = byId.get(id);
        if (!earlier) problems.push(`${record.id} ${verb} ${id}, which does not exist`);
        else if (id >= record.id) problems.push(`${record.id} ${verb} ${id}, which is not an earlier record`);
        else if (!earlier.links.backReferences.some((link) => link.verb === verb && link.id === record.id))
          problems.push(`${id}'s status line does not say "${backWording[verb]} ${record.id}": ${earlier.status}`);
      }
      for (const id of record.textClaims)
        if (!record.links.claims.some((link) => link.id === id))
          problems.push(`${record.id}'s text says it amends ${id}; its status line does not: ${record.status}`);
    }
    expect(problems).toEqual([]);
  });

  it("are named by every record whose status line says it was superseded or amended", () => {
    const problems: string[] = [];
    for (const record of records)
      for (const { verb, id } of record.links.backReferences) {
        const later = byId.get(id);
        if (!later) problems.push(`${record.id} is ${backWording[verb]} ${id}, which does not exist`);
        else if (!later.links.claims.some((link) => link.verb === verb && link.id === record.id))
          problems.push(`${id}'s status line does not say "${verb} ${record.id}": ${later.status}`);
      }
    expect(problems).toEqual([]);
  });

  it("are found: the pattern is not silently matching nothing", () => {
    const pairs = records.flatMap((record) => record.links.claims.map(({ id }) => `${record.id}→${id}`));
    expect(pairs.length).toBeGreaterThan(20);
    expect(pairs).toEqual(expect.arrayContaining(["016→014", "019b→016", "104→103", "067→029", "031a→031"]));
  });
});

describe("decision record numbers", () => {
  it("are each used once", () => {
    const seen = new Map<string, string>();
    const repeated = records.flatMap((record) => {
      const first = seen.get(record.id);
      seen.set(record.id, record.name);
      return first ? [`${first} and ${record.name}`] : [];
    });
    expect(repeated).toEqual([]);
  });

  it("are shared (as 031 and 031a) only by a record and the ones that amend or supersede it", () => {
    const groups = Map.groupBy(records, (record) => record.id.slice(0, 3));
    const unrelated = [...groups]
      .filter(([number, group]) => group.length > 1 && !SHARED_BEFORE_THIS_RULE.has(number))
      .flatMap(([, group]) =>
        group
          .filter((record) => record.id.length > 3)
          .filter((record) => !record.links.claims.some(({ id }) => group.some((other) => other.id === id)))
          .map((record) => `${record.name} shares its number but replaces no record of that number`),
      );
    expect(unrelated).toEqual([]);
  });
});

describe("the status-line pattern", () => {
  it("reads lists, both directions and notes in parentheses", () => {
    expect(
      linksOf('Status: accepted (2026-11-23) · amends 014 (its "x" consequence) · amended by 019b, 077 and 081'),
    ).toEqual({
      claims: [{ verb: "amends", id: "014" }],
      backReferences: [
        { verb: "amends", id: "019b" },
        { verb: "amends", id: "077" },
        { verb: "amends", id: "081" },
      ],
      unrecognised: 0,
    });
    expect(linksOf("Status: accepted (2026-11-22) · superseded by 075").backReferences).toEqual([
      { verb: "supersedes", id: "075" },
    ]);
  });

  it("counts free prose about replacing as unrecognised", () => {
    expect(linksOf('Status: accepted · Supersedes the "per process" part of 020a').unrecognised).toBe(1);
    expect(linksOf("Status: accepted (2026-11-23); replaces the key column on jobs from 016").unrecognised).toBe(1);
    expect(linksOf("Status: accepted · extends 045").unrecognised).toBe(0);
  });
});
