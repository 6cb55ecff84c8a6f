import { describe, expect, it } from "vitest";
import { sameNameNote } from "./styles";

describe("a style named like another of its owner's", () => {
  it("is pointed out, ignoring case and spaces around it, and kept", () => {
    expect(sameNameNote("  flat ICONS ", ["Pixel art", "Flat icons"])).toBe(
      "You already have a style called “Flat icons”. Both will be kept; another name tells them apart.",
    );
  });

  it("says nothing of a new name or an empty one", () => {
    expect(sameNameNote("Flat icons 2", ["Flat icons"])).toBeUndefined();
    expect(sameNameNote("  ", [" "])).toBeUndefined();
  });
});
