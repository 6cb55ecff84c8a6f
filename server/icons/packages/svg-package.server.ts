import type { IconSet } from "../icon-set.server";
import { licenceFiles, readme, svgParts, type PackageFiles, type PackageMeta } from "./package-files.server";

/**
 * A folder of SVGs with kebab-case names: `svg/` in `currentColor`, `svg/colour/` in the palette,
 * and `sprite.svg` with a `<symbol>` per icon for `<svg><use href="sprite.svg#name"/></svg>`.
 */
export function svgPackage(set: IconSet, meta: PackageMeta): PackageFiles {
  const files: PackageFiles = {
    "README.md": readme(
      meta,
      set,
      `Each icon is \`svg/<name>.svg\` in \`currentColor\` (it takes the colour of the text around it) and \`svg/colour/<name>.svg\` in the style's colours. \`sprite.svg\` holds them all:\n\n\`\`\`html\n<svg width="24" height="24"><use href="sprite.svg#${set.icons[0]?.name ?? "cart"}"/></svg>\n\`\`\``,
    ),
    ...licenceFiles(meta, set),
  };
  const symbols: string[] = [];
  for (const icon of set.icons) {
    files[`svg/${icon.name}.svg`] = icon.svg;
    files[`svg/colour/${icon.name}.svg`] = icon.colourSvg;
    const { attributes, inner } = svgParts(icon.svg);
    const { xmlns: _xmlns, width: _width, height: _height, ...kept } = attributes;
    const attrs = Object.entries(kept)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join("");
    symbols.push(`<symbol id="${icon.name}"${attrs}><title>${escapeText(icon.title)}</title>${inner}</symbol>`);
  }
  files["sprite.svg"] = `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join("")}</svg>\n`;
  return files;
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
