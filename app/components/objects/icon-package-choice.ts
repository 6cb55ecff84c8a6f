import { componentName, kebabName } from "#domain/icon-names";
import { defaultPrefix, type IconPackageFormat } from "#domain/icon-packages";
import { iconPackageQuerySchema } from "#domain/requests/icon-packages";
import type { FieldError } from "~/lib/api/api";
import { issuesByField } from "~/lib/api/api";

/** What a person chose for an icon package, as the form holds it (all text, as typed). */
export interface IconPackageChoice {
  format: IconPackageFormat;
  name: string;
  version: string;
  prefix: string;
  license: string;
  grid: string;
}

export type IconPackageField = "name" | "version" | "prefix" | "license" | "grid" | "format";

/** "Finance icons" → "finance-icons": a style's name as an npm package name; "icons" when nothing is left. */
export function suggestedPackageName(title: string | undefined): string {
  return title?.trim() ? kebabName(title) : "icons";
}

/** The style most of `objects` are in (the first of equals): what a package of them is named after. */
export function commonStyleName(objects: readonly { style: { name: string } }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { style } of objects) counts.set(style.name, (counts.get(style.name) ?? 0) + 1);
  let best: string | undefined;
  for (const [name, count] of counts) if (best === undefined || count > counts.get(best)!) best = name;
  return best;
}

/** The first choice the form offers for a set, a selection or a style named `title`. */
export function initialChoice(title: string | undefined): IconPackageChoice {
  const name = suggestedPackageName(title);
  return { format: "react", name, version: "1.0.0", prefix: defaultPrefix(name), license: "UNLICENSED", grid: "24" };
}

/** The query the download route takes: the selection (ids, setId or styleId) and the choice. */
function queryOf(selection: string, choice: IconPackageChoice): Record<string, string> {
  return { ...Object.fromEntries(new URLSearchParams(selection)), ...choice };
}

/** GET /api/objects/icon-package for the selection and the choice. */
export function iconPackageUrl(selection: string, choice: IconPackageChoice): string {
  return `/api/objects/icon-package?${new URLSearchParams(queryOf(selection, choice)).toString()}`;
}

/** What the server would refuse, checked here with the same schema: field → its first message. */
export function iconPackageErrors(selection: string, choice: IconPackageChoice): Record<string, string> {
  const parsed = iconPackageQuerySchema.safeParse(queryOf(selection, choice));
  return parsed.success ? {} : issuesByField(parsed.error.issues);
}

/** A 400's fields, by their top-level name. */
export function serverFieldErrors(fields: readonly FieldError[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const field of fields) found[field.path.split(".")[0] || "form"] ??= field.message;
  return found;
}

/** After a download: how the file is used, in a sentence and a line to copy. */
export function usageOf(
  format: IconPackageFormat,
  fileName: string,
  choice: IconPackageChoice,
  firstIcon: string | undefined,
): { text: string; code: string } {
  const icon = kebabName(firstIcon ?? "") || "cart";
  const packageName = choice.name.trim();
  switch (format) {
    case "react":
    case "vue":
    case "svelte":
      return {
        text: `Install it in your project, then import each icon as a component (${componentName(icon)} from ${packageName}); its README lists them all.`,
        code: `npm install ./${fileName}`,
      };
    case "font":
      return {
        text: `Unzip it and open cheat-sheet.html to see every icon with its class and code point. Link ${choice.prefix}.css in your page (the fonts are in fonts/ beside it).`,
        code: `<i class="${choice.prefix} ${choice.prefix}-${icon}" aria-hidden="true"></i>`,
      };
    case "iconify":
      return {
        text: `Unzip it and load ${choice.prefix}.json with Iconify's addCollection or @iconify/utils; its icons are named ${choice.prefix}:${icon}.`,
        code: `import icons from "./${choice.prefix}.json"; addCollection(icons);`,
      };
    case "svg":
      return {
        text: "Unzip it: svg/ holds each icon in currentColor, svg/colour/ in the style's colours, and sprite.svg all of them.",
        code: `<svg width="24" height="24"><use href="sprite.svg#${icon}"/></svg>`,
      };
  }
}
