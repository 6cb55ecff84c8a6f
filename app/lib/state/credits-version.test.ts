import { describe, expect, it } from "vitest";
import { newerBalance } from "~/lib/state/credits-version";

describe("newerBalance", () => {
  it("keeps a newer balance when an older reading arrives late", () => {
    const refunded = { credits: 100, creditsVersion: 12 };
    const reserved = { credits: 68, creditsVersion: 11 };
    expect(newerBalance(refunded, reserved)).toEqual(refunded);
  });

  it("takes a newer reading", () => {
    expect(newerBalance({ credits: 68, creditsVersion: 11 }, { credits: 100, creditsVersion: 12 })).toEqual({
      credits: 100,
      creditsVersion: 12,
    });
  });

  it("takes the incoming reading on a tie", () => {
    expect(newerBalance({ credits: 5, creditsVersion: 3 }, { credits: 5, creditsVersion: 3 })).toEqual({
      credits: 5,
      creditsVersion: 3,
    });
  });
});
