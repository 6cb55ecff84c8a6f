import { creditLine } from "#domain/objects";
import type { IconSet, SetIcon } from "../icon-set.server";

/** What the user chose for a package: its name, version, prefix and licence. */
export interface PackageMeta {
  name: string;
  version: string;
  prefix: string;
  /** An SPDX identifier, or UNLICENSED (npm's word for "all rights reserved"). */
  license: string;
}

/** A package's files by path, ready to be archived. */
export type PackageFiles = Record<string, string | Buffer>;

/** The root element's attributes of an icon SVG, and the markup inside it. */
export function svgParts(svg: string): { attributes: Record<string, string>; inner: string } {
  const open = /<svg\b([^>]*)>/.exec(svg)!;
  const attributes: Record<string, string> = {};
  for (const [, name, value] of open[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[name!] = value!;
  return { attributes, inner: svg.slice(open.index + open[0].length, svg.lastIndexOf("</svg>")) };
}

/** The paint a set's icons share on their root (fill, stroke width, caps): what a component starts from. */
export function paintOf(icon: SetIcon): Record<string, string> {
  const { attributes } = svgParts(icon.svg);
  const paint: Record<string, string> = {};
  for (const name of ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"]) {
    if (attributes[name]) paint[name] = attributes[name];
  }
  return paint;
}

/** A README that says what the package holds and how to use it, with the icons' names. */
export function readme(meta: PackageMeta, set: IconSet, usage: string): string {
  return [
    `# ${meta.name}`,
    "",
    `${set.icons.length} icons on a ${set.grid} × ${set.grid} grid, in \`currentColor\`. Version ${meta.version}.`,
    "",
    "## Use",
    "",
    usage.trim(),
    "",
    "## Icons",
    "",
    "| Icon | Name |",
    "| --- | --- |",
    ...set.icons.map((icon) => `| ${icon.title.replace(/\|/g, "\\|")} | \`${icon.name}\` (\`${icon.component}\`) |`),
    "",
    `Licence: ${meta.license === "UNLICENSED" ? "all rights reserved" : meta.license}.`,
    ...(set.icons.some((icon) => icon.credit)
      ? ["", "Some icons are redrawn from open icon libraries: see ATTRIBUTION.md."]
      : []),
    "",
  ].join("\n");
}

/** The licence file, and the attribution the open libraries' licences ask for, when any icon needs it. */
export function licenceFiles(meta: PackageMeta, set: IconSet): PackageFiles {
  const files: PackageFiles = {
    LICENSE:
      meta.license === "UNLICENSED"
        ? `Copyright (c) ${new Date().getFullYear()} the authors of ${meta.name}. All rights reserved.\n`
        : `${meta.name} is licensed under ${meta.license} (https://spdx.org/licenses/${meta.license}.html).\n`,
  };
  const credited = set.icons.filter((icon) => icon.credit);
  if (credited.length) {
    const libraries = new Map(credited.map((icon) => [icon.credit!.library, icon.credit!]));
    files["ATTRIBUTION.md"] = [
      "# Attribution",
      "",
      "These icons are redrawn from open icon libraries; their licences ask that this credit goes with them.",
      "",
      ...credited.map((icon) => `- \`${icon.name}\`: ${creditLine(icon.credit!)}`),
      "",
      ...[...libraries.values()].map((c) => `- ${c.library}: ${c.attribution}. Licence: ${c.licenceUrl}`),
      "",
    ].join("\n");
  }
  return files;
}

/** A JavaScript string literal of any text. */
export const literal = (text: string) => JSON.stringify(text);

/**
 * The package.json of an ESM component package (React, Vue): types, one entry, tree-shakeable
 * (`sideEffects: false`), the framework a peer dependency.
 */
export function componentPackageJson(
  set: IconSet,
  meta: PackageMeta,
  framework: { label: string; peer: Record<string, string> },
): string {
  return JSON.stringify(
    {
      name: meta.name,
      version: meta.version,
      description: `${set.icons.length} icons as ${framework.label} components.`,
      license: meta.license,
      type: "module",
      main: "./index.js",
      module: "./index.js",
      types: "./index.d.ts",
      exports: { ".": { types: "./index.d.ts", import: "./index.js" } },
      sideEffects: false,
      peerDependencies: framework.peer,
      files: ["index.js", "index.d.ts", "icons", "create-icon.js", "README.md", "LICENSE", "ATTRIBUTION.md"],
    },
    null,
    2,
  );
}

/**
 * The modules of a component package built on one `createIcon(name, viewBox, paint, markup)`:
 * `index.js` re-exporting every icon, and `icons/<name>.js` per icon.
 */
export function iconModules(set: IconSet): PackageFiles {
  const files: PackageFiles = {
    "index.js":
      set.icons.map((icon) => `export { ${icon.component} } from "./icons/${icon.name}.js";`).join("\n") + "\n",
  };
  for (const icon of set.icons) {
    const { attributes, inner } = svgParts(icon.svg);
    const viewBox = attributes.viewBox ?? `0 0 ${set.grid} ${set.grid}`;
    files[`icons/${icon.name}.js`] =
      `import { createIcon } from "../create-icon.js";\n\nexport const ${icon.component} = createIcon(${literal(icon.component)}, ${literal(viewBox)}, ${JSON.stringify(paintOf(icon))}, ${literal(inner)});\n`;
  }
  return files;
}
