import type { IconSet } from "../icon-set.server";
import { licenceFiles, paintOf, readme, svgParts, type PackageFiles, type PackageMeta } from "./package-files.server";

/**
 * A Svelte package: one `.svelte` component per icon (compiled by the app's own Svelte, as Svelte
 * libraries ship), with `size`, `color`, `strokeWidth` and `title`; other attributes go to the
 * `<svg>`. Written in syntax Svelte 4 and 5 both compile.
 */
export function sveltePackage(set: IconSet, meta: PackageMeta): PackageFiles {
  const files: PackageFiles = {
    "package.json": JSON.stringify(
      {
        name: meta.name,
        version: meta.version,
        description: `${set.icons.length} icons as Svelte components.`,
        license: meta.license,
        type: "module",
        svelte: "./index.js",
        types: "./index.d.ts",
        exports: { ".": { types: "./index.d.ts", svelte: "./index.js", default: "./index.js" } },
        sideEffects: false,
        peerDependencies: { svelte: ">=4" },
      },
      null,
      2,
    ),
    "index.d.ts": [
      'import type { SvelteComponent } from "svelte";',
      "",
      "export interface IconProps {",
      "  size?: number | string;",
      "  color?: string;",
      "  strokeWidth?: number | string;",
      "  title?: string;",
      "  [attribute: string]: unknown;",
      "}",
      "",
      ...set.icons.map((icon) => `export declare class ${icon.component} extends SvelteComponent<IconProps> {}`),
      "",
    ].join("\n"),
    "index.js":
      set.icons
        .map((icon) => `export { default as ${icon.component} } from "./icons/${icon.component}.svelte";`)
        .join("\n") + "\n",
    "README.md": readme(
      meta,
      set,
      `\`\`\`svelte\n<script>\n  import { ${set.icons[0]?.component ?? "CartIcon"} } from "${meta.name}";\n</script>\n\n<${set.icons[0]?.component ?? "CartIcon"} size={24} color="#0f766e" />\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
  for (const icon of set.icons) {
    const { attributes, inner } = svgParts(icon.svg);
    const paint = Object.entries(paintOf(icon))
      .filter(([name]) => name !== "stroke-width")
      .map(([name, value]) => ` ${name}="${value}"`)
      .join("");
    const width = paintOf(icon)["stroke-width"];
    files[`icons/${icon.component}.svelte`] = [
      "<script>",
      "  export let size = 24;",
      '  export let color = "currentColor";',
      `  export let strokeWidth = ${width ? JSON.stringify(width) : "undefined"};`,
      "  export let title = undefined;",
      "</script>",
      "",
      `<svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="${attributes.viewBox ?? `0 0 ${set.grid} ${set.grid}`}" {color}${paint} stroke-width={strokeWidth} role={title ? "img" : undefined} aria-label={title} aria-hidden={title ? undefined : "true"} {...$$restProps}>`,
      `  {#if title}<title>{title}</title>{/if}`,
      `  {@html ${JSON.stringify(inner)}}`,
      "</svg>",
      "",
    ].join("\n");
  }
  return files;
}
