/** The grids an icon set is drawn on: its viewBox, as lucide (24), Tabler (24) or Carbon (16, 20, 32) use. */
export const iconGrids = [16, 20, 24, 32] as const;
export type IconGrid = (typeof iconGrids)[number];

/** What a set can ship as. */
export const iconPackageFormats = ["react", "vue", "svelte", "font", "iconify", "svg"] as const;
export type IconPackageFormat = (typeof iconPackageFormats)[number];

export const iconPackageFormatLabels: Record<IconPackageFormat, string> = {
  react: "React package",
  vue: "Vue package",
  svelte: "Svelte package",
  font: "Icon font (WOFF2, WOFF, TTF) with CSS and a cheat sheet",
  iconify: "Iconify JSON",
  svg: "SVG files and sprite",
};

/** The header an icon package's download says how many icons it holds in. */
export const ICON_COUNT_HEADER = "X-Icon-Count";

export const NO_ICONS =
  "None of these objects can be an icon: an icon needs an image in a flat style (icons, line art, pixel art) or one a vector model drew.";

/** The prefix a package gets when none is given: the last word of its name. */
export function defaultPrefix(name: string): string {
  const last = name.split("/").pop() ?? name;
  return (
    last
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32)
      .replace(/-+$/, "")
      .replace(/^(?=[0-9])/, "i") || "icons"
  );
}
