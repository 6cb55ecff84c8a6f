import type { IconSet } from "../icon-set.server";
import {
  licenceFiles,
  literal,
  paintOf,
  readme,
  svgParts,
  type PackageFiles,
  type PackageMeta,
} from "./package-files.server";

/**
 * A React package: ESM with TypeScript types, one tree-shakeable module per icon (`sideEffects:
 * false`), each a component with `size`, `color`, `strokeWidth` and `title`, forwarding its ref and
 * any other prop to the `<svg>`. React is a peer dependency; nothing else is needed.
 */
export function reactPackage(set: IconSet, meta: PackageMeta): PackageFiles {
  const files: PackageFiles = {
    "package.json": JSON.stringify(
      {
        name: meta.name,
        version: meta.version,
        description: `${set.icons.length} icons as React components.`,
        license: meta.license,
        type: "module",
        main: "./index.js",
        module: "./index.js",
        types: "./index.d.ts",
        exports: { ".": { types: "./index.d.ts", import: "./index.js" } },
        sideEffects: false,
        peerDependencies: { react: ">=17" },
        files: ["index.js", "index.d.ts", "icons", "create-icon.js", "README.md", "LICENSE", "ATTRIBUTION.md"],
      },
      null,
      2,
    ),
    "create-icon.js": CREATE_ICON,
    "index.d.ts": [
      'import type { ForwardRefExoticComponent, RefAttributes, SVGProps } from "react";',
      "",
      'export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {',
      "  /** Width and height, in pixels or any CSS length. */",
      "  size?: number | string;",
      "  /** The colour every fill and stroke takes (currentColor by default). */",
      "  color?: string;",
      "  /** The weight of stroked icons. */",
      "  strokeWidth?: number | string;",
      "  /** A title for screen readers; without it the icon is hidden from them. */",
      "  title?: string;",
      "}",
      "",
      "export type Icon = ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>>;",
      "",
      ...set.icons.map(
        (icon) => `/** ${icon.title.replace(/\*\//g, "")} */\nexport declare const ${icon.component}: Icon;`,
      ),
      "",
    ].join("\n"),
    "index.js":
      set.icons.map((icon) => `export { ${icon.component} } from "./icons/${icon.name}.js";`).join("\n") + "\n",
    "README.md": readme(
      meta,
      set,
      `\`\`\`sh\nnpm install ./${meta.name.replace(/^@/, "").replace("/", "-")}-${meta.version}.tgz\n\`\`\`\n\n\`\`\`tsx\nimport { ${set.icons[0]?.component ?? "CartIcon"} } from "${meta.name}";\n\n<${set.icons[0]?.component ?? "CartIcon"} size={24} color="#0f766e" title="…" />\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
  for (const icon of set.icons) {
    const { attributes, inner } = svgParts(icon.svg);
    files[`icons/${icon.name}.js`] = [
      'import { createIcon } from "../create-icon.js";',
      "",
      `export const ${icon.component} = createIcon(${literal(icon.component)}, ${attributes.viewBox ? literal(attributes.viewBox) : literal(`0 0 ${set.grid} ${set.grid}`)}, ${JSON.stringify(paintOf(icon))}, ${literal(inner)});`,
      "",
    ].join("\n");
  }
  return files;
}

/** The one helper every icon module imports: the component around an icon's markup. */
const CREATE_ICON = `import { createElement, forwardRef } from "react";

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

export function createIcon(displayName, viewBox, paint, inner) {
  const Icon = forwardRef(function Icon({ size = 24, color = "currentColor", strokeWidth, title, ...props }, ref) {
    const attributes = Object.fromEntries(Object.entries(paint).map(([name, value]) => [camel(name), value]));
    if (strokeWidth !== undefined) attributes.strokeWidth = strokeWidth;
    return createElement("svg", {
      xmlns: "http://www.w3.org/2000/svg",
      width: size,
      height: size,
      viewBox,
      color,
      ...attributes,
      ...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true }),
      ...props,
      ref,
      dangerouslySetInnerHTML: { __html: (title ? "<title>" + escape(title) + "</title>" : "") + inner },
    });
  });
  Icon.displayName = displayName;
  return Icon;
}
`;
