import { z } from "zod";
import { exportSelectionSchema, oneSelection, oneSelectionMessage } from "./objects";

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

/**
 * npm's rules for a package name: lower case, at most 214 characters, URL-safe, not starting with
 * a dot or an underscore, optionally in a scope (@studio/icons).
 */
export const packageName = z
  .string()
  .trim()
  .max(214, "A package name is at most 214 characters.")
  .regex(
    /^(?:@[a-z0-9][a-z0-9-._~]*\/)?[a-z0-9][a-z0-9-._~]*$/,
    "Use lower-case letters, digits, - . _ ~, optionally in a scope: @studio/finance-icons.",
  )
  .refine((name) => !["node_modules", "favicon.ico"].includes(name), "npm does not accept that name.")
  .meta({ description: "The package's name, as npm takes it.", example: "@studio/finance-icons" });

/** A semantic version, as npm takes it (1.0.0, 2.1.0-beta.1). */
export const packageVersion = z
  .string()
  .trim()
  .regex(
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/,
    "Use a version such as 1.0.0.",
  )
  .meta({ description: "The package's version (semver).", example: "1.0.0" });

/** An Iconify prefix (and the font's CSS class prefix): lower-case words joined by single hyphens. */
export const iconPrefix = z
  .string()
  .trim()
  .min(1, "Give a prefix.")
  .max(32, "A prefix is at most 32 characters.")
  .regex(
    /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
    "Start with a letter; use lower-case letters and digits, words joined by single hyphens.",
  )
  .meta({ description: "The icon set's prefix: Iconify's, and the CSS classes'.", example: "fin" });

const grid = z.coerce
  .number()
  .pipe(
    z.union(
      iconGrids.map((size) => z.literal(size)),
      { error: "Choose a grid of 16, 20, 24 or 32." },
    ),
  )
  .default(24)
  .meta({ type: "integer", enum: [...iconGrids], description: "The viewBox the icons are drawn on." });

/** The header an icon package's download says how many icons it holds in. */
export const ICON_COUNT_HEADER = "X-Icon-Count";

export const NO_ICONS =
  "None of these objects can be an icon: an icon needs an image in a flat style (icons, line art, pixel art) or one a vector model drew.";

/** GET /api/objects/icon-package: the objects (as for a ZIP), their covers become the icons. */
export const iconPackageQuerySchema = exportSelectionSchema
  .omit({ images: true })
  .extend({
    format: z.enum(iconPackageFormats).meta({ description: "What to build." }),
    name: packageName,
    version: packageVersion.default("1.0.0"),
    prefix: iconPrefix.optional(),
    license: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9.+-]{0,63}$/, "Use an SPDX licence identifier (MIT, CC-BY-4.0) or UNLICENSED.")
      .default("UNLICENSED")
      .meta({ description: "The package's licence: an SPDX identifier, or UNLICENSED (all rights reserved)." }),
    grid,
  })
  .refine(oneSelection, { message: oneSelectionMessage });
export type IconPackageQuery = z.output<typeof iconPackageQuerySchema>;

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
