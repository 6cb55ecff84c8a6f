import { describe, expect, it } from "vitest";
import { recentAnswers } from "./recent-answers.server";

describe("recentAnswers", () => {
  it("makes each key's answer once and keeps at most the last `max` keys", () => {
    const made: string[] = [];
    const answer = recentAnswers<string>(2);
    const ask = (key: string) => answer(key, () => (made.push(key), key.toUpperCase()));
    expect([ask("a"), ask("a"), ask("b")]).toEqual(["A", "A", "B"]);
    expect(made).toEqual(["a", "b"]);
    ask("c"); // "a", the oldest, is forgotten
    ask("b");
    ask("a");
    expect(made).toEqual(["a", "b", "c", "a"]);
  });

  it("does not keep an answer of null", () => {
    let tries = 0;
    const answer = recentAnswers<string>(4);
    expect(answer("x", () => (tries++, null))).toBeNull();
    expect(answer("x", () => (tries++, "made"))).toBe("made");
    expect(tries).toBe(2);
  });
});
