import { buildIconFont } from "../font/icon-font.server";
import type { IconSet } from "../icon-set.server";
import { licenceFiles, readme, type PackageFiles, type PackageMeta } from "./package-files.server";

/**
 * An icon font: WOFF2, WOFF and TTF with a stylesheet (a class per icon at its code point) and a
 * cheat sheet, from the icons in `currentColor` (their strokes outlined). The family is the
 * prefix, so the files and classes read alike: `fin.css`, `.fin-wallet`.
 */
export async function fontPackage(set: IconSet, meta: PackageMeta): Promise<PackageFiles> {
  const font = await buildIconFont({
    family: meta.prefix,
    prefix: meta.prefix,
    grid: set.grid,
    glyphs: set.icons.map((icon) => ({ name: icon.name, svg: icon.svg })),
  });
  const first = set.icons[0]?.name ?? "cart";
  return {
    ...font.files,
    "README.md": readme(
      meta,
      set,
      `Link \`${meta.prefix}.css\` (the fonts are in \`fonts/\` beside it) and write an icon as an element with two classes:\n\n\`\`\`html\n<link rel="stylesheet" href="${meta.prefix}.css" />\n<i class="${meta.prefix} ${meta.prefix}-${first}" aria-hidden="true"></i>\n\`\`\`\n\nOpen \`cheat-sheet.html\` to see every icon with its class and code point; \`code-points.json\` lists them for tools.`,
    ),
    ...licenceFiles(meta, set),
  };
}
