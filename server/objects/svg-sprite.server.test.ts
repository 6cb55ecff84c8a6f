import { describe, expect, it } from "vitest";
import { symbolOf } from "./svg-sprite.server";

describe("an SVG as a sprite's symbol", () => {
  it("keeps the drawing and its viewBox, and gives its ids the symbol's prefix", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 1024 1024">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><path d="M0 0h9v9z"/></clipPath></defs>' +
      '<path fill="url(#g)" clip-path="url(#c)" d="M1 1h5v5z"/><use href="#c"/><use xlink:href="#g"/></svg>';
    expect(symbolOf(svg, "health-potion")).toBe(
      '<symbol id="health-potion" viewBox="0 0 1024 1024">' +
        '<defs><linearGradient id="health-potion-g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="health-potion-c"><path d="M0 0h9v9z"/></clipPath></defs>' +
        '<path fill="url(#health-potion-g)" clip-path="url(#health-potion-c)" d="M1 1h5v5z"/><use href="#health-potion-c"/><use xlink:href="#health-potion-g"/></symbol>',
    );
  });

  it("makes a viewBox from the width and height when there is none", () => {
    expect(symbolOf('<svg width="32" height="16"><path d="M0 0"/></svg>', "a")).toBe(
      '<symbol id="a" viewBox="0 0 32 16"><path d="M0 0"/></symbol>',
    );
  });
});
