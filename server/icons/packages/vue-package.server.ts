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
 * A Vue 3 package: ESM with TypeScript types, one tree-shakeable module per icon, each a component
 * (a render function, no build step) with `size`, `color`, `strokeWidth` and `title` props; other
 * attributes fall through to the `<svg>`. Vue is a peer dependency.
 */
export function vuePackage(set: IconSet, meta: PackageMeta): PackageFiles {
  return {
    "package.json": componentPackageJson(set, meta, { label: "Vue", peer: { vue: ">=3.2" } }),
    "create-icon.js": CREATE_ICON,
    "index.d.ts": [
      'import type { DefineComponent } from "vue";',
      "",
      "export interface IconProps {",
      "  size?: number | string;",
      "  color?: string;",
      "  strokeWidth?: number | string;",
      "  title?: string;",
      "}",
      "",
      ...set.icons.map((icon) => `export declare const ${icon.component}: DefineComponent<IconProps>;`),
      "",
    ].join("\n"),
    ...iconModules(set),
    "README.md": readme(
      meta,
      set,
      `\`\`\`vue\n<script setup>\nimport { ${set.icons[0]?.component ?? "CartIcon"} } from "${meta.name}";\n</script>\n\n<template>\n  <${set.icons[0]?.component ?? "CartIcon"} :size="24" color="#0f766e" />\n</template>\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
}

const CREATE_ICON = `import { defineComponent, h } from "vue";

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

export function createIcon(name, viewBox, paint, inner) {
  return defineComponent({
    name,
    props: {
      size: { type: [Number, String], default: 24 },
      color: { type: String, default: "currentColor" },
      strokeWidth: { type: [Number, String], default: undefined },
      title: { type: String, default: undefined },
    },
    setup(props) {
      return () =>
        h("svg", {
          xmlns: "http://www.w3.org/2000/svg",
          width: props.size,
          height: props.size,
          viewBox,
          color: props.color,
          ...paint,
          ...(props.strokeWidth !== undefined ? { "stroke-width": props.strokeWidth } : {}),
          ...(props.title ? { role: "img", "aria-label": props.title } : { "aria-hidden": "true" }),
          innerHTML: (props.title ? "<title>" + escape(props.title) + "</title>" : "") + inner,
        });
    },
  });
}
`;
