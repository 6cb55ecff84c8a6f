import { describe, expect, it } from "vitest";
import { colourDistance, keyColourFor, keyColourInstruction, parseHex } from "./key-colour";

describe("keyColourFor", () => {
  it("takes green for a palette with no green in it", () => {
    // Red sits near magenta and navy near blue.
    expect(keyColourFor(["#e63946", "#1d3557"]).hex).toBe("#00FF00");
  });

  it("takes magenta when the palette holds greens", () => {
    expect(keyColourFor(["#3a7d44", "#76c893", "#b5e48c"]).name).toBe("magenta");
  });

  it("takes the key farthest from every palette colour", () => {
    // Green and magenta are both in the palette: only blue is far from all of it.
    const key = keyColourFor(["#10f010", "#f010f0", "#ffffff"]);
    expect(key.name).toBe("blue");
    for (const other of [parseHex("#00ff00")!, parseHex("#ff00ff")!]) {
      const palette = ["#10f010", "#f010f0", "#ffffff"].map((c) => parseHex(c)!);
      const gap = (k: typeof other) => Math.min(...palette.map((c) => colourDistance(c, k)));
      expect(gap(key.rgb)).toBeGreaterThan(gap(other));
    }
  });

  it("takes green for an empty palette and ignores colours it cannot read", () => {
    expect(keyColourFor([]).name).toBe("green");
    expect(keyColourFor(["not a colour"]).name).toBe("green");
  });
});

describe("keyColourInstruction", () => {
  it("asks for the key as a flat background, in the key's own words", () => {
    const sentence = keyColourInstruction(keyColourFor(["#3a7d44"]));
    expect(sentence).toContain("solid flat #FF00FF magenta background");
    expect(sentence).toContain("no shadows or gradients on the background");
  });
});
