import { z } from "zod";
import { exportSelectionSchema, oneSelection, oneSelectionMessage } from "./exports";
import { iconGrids, iconPackageFormats } from "../icon-packages";

// An icon package's query, checked by the server and by the package dialog as a person types;
// apart from icon-packages.ts, whose constants the object pages load (docs/decisions/126).

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
