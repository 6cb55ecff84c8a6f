import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

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
  aliases?: Record<string, { parent: string; hFlip?: boolean; vFlip?: boolean; rotate?: number }>;
}

const require = createRequire(import.meta.url);

/** How long a set's drawings stay loaded after their last use. */
const KEEP_LOADED_MS = 60_000;

const loaded = new Map<IconSetId, { json: IconifyJson; timer: NodeJS.Timeout }>();

/**
 * A set's Iconify JSON (several MB each), read on first use and let go a minute after its
 * last, so an idle server holds none of them; only the name index stays (icon-index.server.ts).
 */
export function readIconSet(id: IconSetId): IconifyJson {
  const known = loaded.get(id);
  if (known) {
    known.timer.refresh();
    return known.json;
  }
  const json = parseIconSet(id);
  const timer = setTimeout(() => loaded.delete(id), KEEP_LOADED_MS);
  timer.unref();
  loaded.set(id, { json, timer });
  return json;
}

const parseIconSet = (id: IconSetId) =>
  JSON.parse(readFileSync(require.resolve(`@iconify-json/${id}/icons.json`), "utf8")) as IconifyJson;

/**
 * The names a set draws (hidden icons and aliases left out: they repeat others). Read for the
 * index, which needs no drawings: the set is not kept, so a process that only reads images'
 * notes (a web process) never holds the libraries.
 */
export function iconNames(id: IconSetId): string[] {
  const { icons } = loaded.get(id)?.json ?? parseIconSet(id);
  return Object.keys(icons).filter((name) => !icons[name]!.hidden);
}

/** One icon's drawing, or null when the set has no such icon. */
export function iconDrawing(id: IconSetId, name: string): IconDrawing | null {
  const json = readIconSet(id);
  const icon = json.icons[name];
  if (!icon) return null;
  return {
    body: icon.body,
    left: icon.left ?? 0,
    top: icon.top ?? 0,
    width: icon.width ?? json.width ?? 16,
    height: icon.height ?? json.height ?? 16,
  };
}

/** An emoji set's names by code point ("1f98a" → "fox"), from its chars.json. */
export function emojiNames(id: IconSetId): Map<string, string> {
  const chars = JSON.parse(readFileSync(require.resolve(`@iconify-json/${id}/chars.json`), "utf8")) as Record<
    string,
    string
  >;
  return new Map(Object.entries(chars).map(([code, name]) => [code.toLowerCase(), name]));
}
