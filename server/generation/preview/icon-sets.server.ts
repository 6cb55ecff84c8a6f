import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How a set draws: in its own colours, as one-colour silhouettes, or as strokes. */
export type IconKind = "colour" | "silhouette" | "line";

export type IconSetId = "fluent-emoji-flat" | "game-icons" | "tabler";

/** One bundled open icon library and what its licence asks of an image drawn from it. */
export interface IconSet {
  id: IconSetId;
  name: string;
  kind: IconKind;
  licence: string;
  licenceUrl: string;
  /** The credit the licence asks for, shown with every image drawn from the set. */
  attribution: string;
  /** Emoji sets name their icons by code point too: their keywords come from Emojibase. */
  emoji: boolean;
}

export const iconSets: Record<IconSetId, IconSet> = {
  "fluent-emoji-flat": {
    id: "fluent-emoji-flat",
    name: "Fluent Emoji Flat",
    kind: "colour",
    licence: "MIT",
    licenceUrl: "https://github.com/microsoft/fluentui-emoji/blob/main/LICENSE",
    attribution: "Fluent Emoji by Microsoft Corporation (MIT)",
    emoji: true,
  },
  "game-icons": {
    id: "game-icons",
    name: "Game Icons",
    kind: "silhouette",
    licence: "CC BY 3.0",
    licenceUrl: "https://creativecommons.org/licenses/by/3.0/",
    attribution: "Game Icons by Lorc, Delapouite and contributors, game-icons.net (CC BY 3.0)",
    emoji: false,
  },
  tabler: {
    id: "tabler",
    name: "Tabler Icons",
    kind: "line",
    licence: "MIT",
    licenceUrl: "https://github.com/tabler/tabler-icons/blob/main/LICENSE",
    attribution: "Tabler Icons by Paweł Kuna (MIT)",
    emoji: false,
  },
};

/** An icon's drawing as its set stores it: SVG elements in a box of `width` × `height`. */
export interface IconDrawing {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface IconifyJson {
  width?: number;
  height?: number;
  icons: Record<
    string,
    { body: string; left?: number; top?: number; width?: number; height?: number; hidden?: boolean }
  >;
}

/** Where an icon's drawing lies in its set's bodies file, and its box. */
interface StoredIcon {
  offset: number;
  length: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface StoredSet {
  bodiesPath: string;
  icons: Map<string, StoredIcon>;
}

const require = createRequire(import.meta.url);

const stored = new Map<IconSetId, StoredSet>();

/**
 * A set's icons as this process keeps them: names and boxes only (about 1 MB for all three sets).
 * The drawings stay on disk in a bodies file made from the set's Iconify JSON once per machine and
 * version (in the system's temporary folder, like the compiled-code cache), and each drawing is
 * read from it when drawn. Parsing a set's JSON takes 20–40 MB of heap for a while; a process
 * that reads the made files never does (docs/decisions/069).
 */
function storedSet(id: IconSetId): StoredSet {
  const known = stored.get(id);
  if (known) return known;
  const { version } = require(`@iconify-json/${id}/package.json`) as { version: string };
  const folder = privateFolder();
  const bodiesPath = join(folder, `${id}-${version}.bodies`);
  const namesPath = join(folder, `${id}-${version}.names`);
  if (!existsSync(namesPath) || !existsSync(bodiesPath)) writeStoredSet(id, folder, bodiesPath, namesPath);
  const icons = new Map<string, StoredIcon>();
  for (const line of readFileSync(namesPath, "utf8").split("\n")) {
    if (!line) continue;
    const [name, ...numbers] = line.split("\t");
    const [offset, length, left, top, width, height] = numbers.map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    icons.set(name!, { offset, length, left, top, width, height });
  }
  const set = { bodiesPath, icons };
  stored.set(id, set);
  return set;
}

let folderInUse: string | null = null;

/**
 * This user's folder for the made files, readable by no one else. One that someone else made
 * first is not trusted (its files are drawn): this process then makes its own.
 */
function privateFolder(): string {
  if (folderInUse) return folderInUse;
  const uid = process.getuid?.();
  let folder = join(tmpdir(), `motif-icons-${uid ?? "user"}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const owner = statSync(folder);
  if (uid !== undefined && (owner.uid !== uid || (owner.mode & 0o022) !== 0)) {
    folder = mkdtempSync(join(tmpdir(), "motif-icons-"));
  }
  folderInUse = folder;
  return folder;
}

/**
 * The set's drawings one after another, and a names file (name, offset, length and box per line;
 * hidden icons left out: they repeat others). Written under unique names and renamed into place,
 * names last, so a process never reads a half-written pair, and two that make it at once agree.
 */
function writeStoredSet(id: IconSetId, folder: string, bodiesPath: string, namesPath: string): void {
  const json = JSON.parse(readFileSync(require.resolve(`@iconify-json/${id}/icons.json`), "utf8")) as IconifyJson;
  const bodies: Buffer[] = [];
  const lines: string[] = [];
  let offset = 0;
  for (const [name, icon] of Object.entries(json.icons)) {
    if (icon.hidden) continue;
    const body = Buffer.from(icon.body, "utf8");
    const box = [icon.left ?? 0, icon.top ?? 0, icon.width ?? json.width ?? 16, icon.height ?? json.height ?? 16];
    lines.push([name, offset, body.length, ...box].join("\t"));
    bodies.push(body);
    offset += body.length;
  }
  mkdirSync(folder, { recursive: true });
  const unique = `${process.pid}-${randomUUID()}`;
  writeFileSync(`${bodiesPath}.${unique}`, Buffer.concat(bodies));
  renameSync(`${bodiesPath}.${unique}`, bodiesPath);
  writeFileSync(`${namesPath}.${unique}`, `${lines.join("\n")}\n`);
  renameSync(`${namesPath}.${unique}`, namesPath);
}

/** The names a set draws (hidden icons and aliases left out: they repeat others). */
export function iconNames(id: IconSetId): string[] {
  return [...storedSet(id).icons.keys()];
}

/** One icon's drawing, read from the set's bodies file, or null when the set has no such icon. */
export function iconDrawing(id: IconSetId, name: string): IconDrawing | null {
  const set = storedSet(id);
  const icon = set.icons.get(name);
  if (!icon) return null;
  let file: number;
  try {
    file = openSync(set.bodiesPath, "r");
  } catch (error) {
    // The system's temporary folder was cleaned since: made again.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !stored.delete(id)) throw error;
    rmSync(set.bodiesPath.replace(/\.bodies$/, ".names"), { force: true });
    return iconDrawing(id, name);
  }
  const bytes = Buffer.alloc(icon.length);
  try {
    readSync(file, bytes, 0, icon.length, icon.offset);
  } finally {
    closeSync(file);
  }
  return { body: bytes.toString("utf8"), left: icon.left, top: icon.top, width: icon.width, height: icon.height };
}

/** An emoji set's names by code point ("1f98a" → "fox"), from its chars.json. */
export function emojiNames(id: IconSetId): Map<string, string> {
  const chars = JSON.parse(readFileSync(require.resolve(`@iconify-json/${id}/chars.json`), "utf8")) as Record<
    string,
    string
  >;
  return new Map(Object.entries(chars).map(([code, name]) => [code.toLowerCase(), name]));
}
