import { describe, expect, it } from "vitest";
import { creditCount, creditsRefunded } from "./credit-words";

describe("credit words", () => {
  it("count one credit in the singular and any other number in the plural", () => {
    expect([0, 1, 2, 1200].map(creditCount)).toEqual(["0 credits", "1 credit", "2 credits", "1,200 credits"]);
  });

  it("say what was refunded with the verb agreeing", () => {
    expect(creditsRefunded(1)).toBe("1 credit was refunded");
    expect(creditsRefunded(6, "unused")).toBe("6 unused credits were refunded");
    expect(creditsRefunded(1, "unused")).toBe("1 unused credit was refunded");
  });
});
