import type { IconSet } from "../icon-set.server";
import {
  componentPackageJson,
  iconModules,
  licenceFiles,
  readme,
  type PackageFiles,
  type PackageMeta,
} from "./package-files.server";

/**
 * A React package: ESM with TypeScript types, one tree-shakeable module per icon (`sideEffects:
 * false`), each a component with `size`, `color`, `strokeWidth` and `title`, forwarding its ref and
 * any other prop to the `<svg>`. React is a peer dependency; nothing else is needed.
 */
export function reactPackage(set: IconSet, meta: PackageMeta): PackageFiles {
  return {
    "package.json": componentPackageJson(set, meta, { label: "React", peer: { react: ">=17" } }),
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
    ...iconModules(set),
    "README.md": readme(
      meta,
      set,
      `\`\`\`sh\nnpm install ./${meta.name.replace(/^@/, "").replace("/", "-")}-${meta.version}.tgz\n\`\`\`\n\n\`\`\`tsx\nimport { ${set.icons[0]?.component ?? "CartIcon"} } from "${meta.name}";\n\n<${set.icons[0]?.component ?? "CartIcon"} size={24} color="#0f766e" title="…" />\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
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
