import type { IconSet } from "../icon-set.server";
import { licenceFiles, paintOf, readme, svgParts, type PackageFiles, type PackageMeta } from "./package-files.server";

/**
 * An Iconify icon set (IconifyJSON): the prefix, each icon's body on the set's width and height,
 * and the set's information with its licence, for @iconify/utils, Iconify's components and
 * unplugin-icons. A body holds no root element: the root's paint is kept on a group around it.
 */
export function iconifyJson(set: IconSet, meta: PackageMeta) {
  const icons: Record<string, { body: string }> = {};
  for (const icon of set.icons) {
    const { inner } = svgParts(icon.svg);
    const paint = Object.entries(paintOf(icon))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join("");
    icons[icon.name] = { body: paint ? `<g${paint}>${inner}</g>` : inner };
  }
  return {
    prefix: meta.prefix,
    info: {
      name: meta.name,
      total: set.icons.length,
      version: meta.version,
      author: { name: meta.name },
      license:
        meta.license === "UNLICENSED" ? { title: "All rights reserved" } : { title: meta.license, spdx: meta.license },
      height: set.grid,
      palette: false,
    },
    lastModified: Math.floor(Date.now() / 1000),
    icons,
    width: set.grid,
    height: set.grid,
  };
}

/** The Iconify JSON with a README and the licence, as a folder. */
export function iconifyPackage(set: IconSet, meta: PackageMeta): PackageFiles {
  return {
    [`${meta.prefix}.json`]: JSON.stringify(iconifyJson(set, meta), null, 2),
    "README.md": readme(
      meta,
      set,
      `Load \`${meta.prefix}.json\` with Iconify (\`addCollection\` from \`@iconify/react\` or \`iconify-icon\`), or with \`@iconify/utils\`:\n\n\`\`\`js\nimport { getIconData, iconToSVG } from "@iconify/utils";\nconst svg = iconToSVG(getIconData(set, "${set.icons[0]?.name ?? "cart"}"));\n\`\`\`\n\nIcons are named \`${meta.prefix}:${set.icons[0]?.name ?? "cart"}\`.`,
    ),
    ...licenceFiles(meta, set),
  };
}
