import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const gameIcons = JSON.parse(readFileSync(require.resolve("@iconify-json/game-icons/icons.json"), "utf8")) as {
  width: number;
  icons: Record<string, { body: string; hidden?: boolean }>;
};

// Each test gets its own temporary folder and a fresh copy of the module (which keeps what it read).
let temporary: string;
const previousTmpdir = process.env.TMPDIR;
const freshModule = async () => {
  vi.resetModules();
  return import("./icon-sets.server");
};

beforeEach(() => {
  temporary = mkdtempSync(join(tmpdir(), "icon-sets-test-"));
  process.env.TMPDIR = temporary;
});

afterEach(() => {
  process.env.TMPDIR = previousTmpdir;
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  rmSync(temporary, { recursive: true, force: true });
});

const folderOf = () => join(temporary, `motif-icons-${process.getuid!()}`);

describe("the icon libraries kept on disk", () => {
  it("draws every icon exactly as the library's JSON has it, from a file made once", async () => {
    const { iconDrawing, iconNames } = await freshModule();
    const names = iconNames("game-icons");
    const shown = Object.entries(gameIcons.icons).filter(([, icon]) => !icon.hidden);
    expect(names).toEqual(shown.map(([name]) => name));
    for (const name of ["fox-head", "potion-ball", "chest", names.at(-1)!]) {
      expect(iconDrawing("game-icons", name)).toEqual({
        body: gameIcons.icons[name]!.body,
        left: 0,
        top: 0,
        width: gameIcons.width,
        height: gameIcons.width,
      });
    }
    expect(iconDrawing("game-icons", "no-such-icon")).toBeNull();
    const made = readdirSync(folderOf()).sort();
    expect(made).toEqual([
      expect.stringMatching(/^game-icons-.+\.bodies$/),
      expect.stringMatching(/^game-icons-.+\.names$/),
    ]);

    // A second process reads the files and never the JSON.
    const parse = vi.spyOn(JSON, "parse");
    const again = await freshModule();
    expect(again.iconDrawing("game-icons", "fox-head")?.body).toBe(gameIcons.icons["fox-head"]!.body);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it("makes the files again when the temporary folder was cleaned while running", async () => {
    const { iconDrawing } = await freshModule();
    expect(iconDrawing("game-icons", "fox-head")).not.toBeNull();
    rmSync(folderOf(), { recursive: true });
    mkdirSync(folderOf(), { mode: 0o700 });
    expect(iconDrawing("game-icons", "fox-head")?.body).toBe(gameIcons.icons["fox-head"]!.body);
  });

  it("does not draw from a folder others can write to", async () => {
    mkdirSync(folderOf(), { mode: 0o700 });
    chmodSync(folderOf(), 0o777);
    const { iconDrawing } = await freshModule();
    expect(iconDrawing("game-icons", "fox-head")?.body).toBe(gameIcons.icons["fox-head"]!.body);
    expect(readdirSync(folderOf())).toEqual([]);
  });
});
