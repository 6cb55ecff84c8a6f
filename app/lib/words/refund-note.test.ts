import { describe, expect, it } from "vitest";
import { refundNote } from "~/lib/words/refund-note";

describe("a failed job's refund, in words", () => {
  it("says nothing was charged only when everything came back", () => {
    expect(refundNote({ refunded: true, credits: 12, refundedCredits: 12 })).toBe(" You were not charged.");
    expect(refundNote({ refunded: true, credits: 12, refundedCredits: 6 })).toBe(
      " 6 credits were refunded for the images that were not made.",
    );
    expect(refundNote({ refunded: false, credits: 12, refundedCredits: 0 })).toBe("");
  });
});
