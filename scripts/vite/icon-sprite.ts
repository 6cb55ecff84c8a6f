// The build's icon sprite: every lucide icon the app imports, drawn once in one cached SVG file,
// so a page's HTML carries `<use href="…#name">` for each icon instead of its paths
// (docs/decisions/125). Used by vite.config.ts; app/components/ui/lean-icon.ts draws the icons.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The virtual module whose default export is the sprite's address ("" while developing). */
const SPRITE_MODULE = "virtual:icon-sprite";
const RESOLVED = `\0${SPRITE_MODULE}`;
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
/** An icon module's data: `{ name, size, node: [["path", { d: "…", key: "…" }], …], aliases }`. */
const ICON_DATA = /const __iconData = (\{[\s\S]*?\n\});/;

type Drawing = [string, Record<string, string>][];

/** Names imported from lucide-react in the app's source files. */
function importedNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
      for (const part of list!.split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** lucide-react's export names → the icon each draws (its file's name), from its ESM index. */
function iconsByExport(lucideDir: string): Map<string, string> {
  const index = readFileSync(path.join(lucideDir, "lucide-react.mjs"), "utf8");
  const icons = new Map<string, string>();
  for (const [, exported, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, name] of exported!.matchAll(/default as (\w+)/g)) icons.set(name!, file!);
  }
  return icons;
}

/** The data in an icon module's source: an object literal of plain strings and numbers. */
function iconDataIn(source: string): { name: string; node: Drawing } {
  const literal = ICON_DATA.exec(source)?.[1];
  if (!literal) throw new Error("A lucide-react icon module without its data");
  return new Function(`return ${literal};`)() as { name: string; node: Drawing };
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function symbolOf(name: string, drawing: Drawing): string {
  const shapes = drawing.map(([tag, attributes]) => {
    const written = Object.entries(attributes)
      .filter(([key]) => key !== "key")
      .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
      .join("");
    return `<${tag}${written}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
}

/**
 * In a build, lucide-react's icon modules for the icons the app imports lose their drawings to
 * the sprite, which the client build writes to `assets/icons-<hash>.svg`. The server build reads
 * the same source files, so both name the same file. While developing, icons draw inline.
 */
export function iconSprite(options: { appDir: string; lucideDir: string }): Plugin {
  let building = false;
  let base = "/";
  let sprite: { fileName: string; source: string; icons: Set<string> } | null = null;

  function spriteOfApp() {
    if (sprite) return sprite;
    const byExport = iconsByExport(options.lucideDir);
    const icons = new Set<string>();
    for (const name of importedNames(options.appDir)) {
      const icon = byExport.get(name);
      if (icon) icons.add(icon);
    }
    const symbols = [...icons]
      .sort()
      .map((icon) =>
        symbolOf(icon, iconDataIn(readFileSync(path.join(options.lucideDir, "icons", `${icon}.mjs`), "utf8")).node),
      );
    const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
    const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
    sprite = { fileName: `assets/icons-${hash}.svg`, source, icons };
    return sprite;
  }

  return {
    name: "icon-sprite",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
      base = config.base;
    },
    resolveId(source) {
      return source === SPRITE_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(building ? `${base}${spriteOfApp().fileName}` : "")};`;
    },
    transform(code, id) {
      const icon = ICON_MODULE.exec(id)?.[1];
      if (!building || !icon || !spriteOfApp().icons.has(icon)) return null;
      const data = iconDataIn(code);
      return {
        code: code.replace(ICON_DATA, `const __iconData = ${JSON.stringify({ ...data, node: [] })};`),
        map: null,
      };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, source } = spriteOfApp();
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
