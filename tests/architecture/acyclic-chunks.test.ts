// The browser build fails when its chunks import one another in a circle (scripts/vite/acyclic-chunks.ts):
// the module loader would then run a module before one it calls at load.
import { describe, expect, it } from "vitest";
import { findCycle } from "../../scripts/vite/acyclic-chunks";

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("findCycle", () => {
  it("finds none in layers: pages import what they share, which imports the framework", () => {
    expect(
      findCycle(
        graph({
          "index.js": ["with-create.js", "root.js", "framework.js"],
          "style.js": ["with-create.js", "framework.js"],
          "with-create.js": ["root.js", "framework.js"],
          "root.js": ["framework.js"],
          "framework.js": [],
        }),
      ),
    ).toBeNull();
  });

  it("names the files along a circle, the first again at its end", () => {
    expect(
      findCycle(
        graph({
          "index.js": ["with-teams.js"],
          "with-teams.js": ["checks.js", "framework.js"],
          "checks.js": ["with-teams.js"],
          "framework.js": [],
        }),
      ),
    ).toEqual(["with-teams.js", "checks.js", "with-teams.js"]);
  });

  it("finds a circle through the framework's own import of a page chunk", () => {
    expect(
      findCycle(graph({ "framework.js": ["layouts.js"], "layouts.js": ["root.js"], "root.js": ["framework.js"] })),
    ).toEqual(["framework.js", "layouts.js", "root.js", "framework.js"]);
  });

  it("takes a file that imports itself for a circle", () => {
    expect(findCycle(graph({ "a.js": ["a.js"] }))).toEqual(["a.js", "a.js"]);
  });
});
