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
 * A Vue 3 package: ESM with TypeScript types, one tree-shakeable module per icon, each a component
 * (a render function, no build step) with `size`, `color`, `strokeWidth` and `title` props; other
 * attributes fall through to the `<svg>`. Vue is a peer dependency.
 */
export function vuePackage(set: IconSet, meta: PackageMeta): PackageFiles {
  const files: PackageFiles = {
    "package.json": JSON.stringify(
      {
        name: meta.name,
        version: meta.version,
        description: `${set.icons.length} icons as Vue components.`,
        license: meta.license,
        type: "module",
        main: "./index.js",
        module: "./index.js",
        types: "./index.d.ts",
        exports: { ".": { types: "./index.d.ts", import: "./index.js" } },
        sideEffects: false,
        peerDependencies: { vue: ">=3.2" },
      },
      null,
      2,
    ),
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
    "index.js":
      set.icons.map((icon) => `export { ${icon.component} } from "./icons/${icon.name}.js";`).join("\n") + "\n",
    "README.md": readme(
      meta,
      set,
      `\`\`\`vue\n<script setup>\nimport { ${set.icons[0]?.component ?? "CartIcon"} } from "${meta.name}";\n</script>\n\n<template>\n  <${set.icons[0]?.component ?? "CartIcon"} :size="24" color="#0f766e" />\n</template>\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
  for (const icon of set.icons) {
    const { attributes, inner } = svgParts(icon.svg);
    files[`icons/${icon.name}.js`] =
      `import { createIcon } from "../create-icon.js";\n\nexport const ${icon.component} = createIcon(${literal(icon.component)}, ${literal(attributes.viewBox ?? `0 0 ${set.grid} ${set.grid}`)}, ${JSON.stringify(paintOf(icon))}, ${literal(inner)});\n`;
  }
  return files;
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
