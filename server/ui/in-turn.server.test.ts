import { describe, expect, it } from "vitest";
import { inTurn } from "./in-turn.server";

describe("work in turn", () => {
  it("starts each piece only after the one before settled, a failure included", async () => {
    const next = inTurn();
    const log: string[] = [];
    const piece =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} starts`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
      };
    const runs = [next(piece("a")), next(piece("b", true)), next(piece("c"))];
    const settled = await Promise.allSettled(runs);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
