import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, textPatterns, trimmedTextMeta, visibleTrim } from "../text";

// The pieces request schemas are built from: text without control characters, names, a model
// choice. Apart from text.ts and models.ts, whose rules and words every signed-in page loads, so
// a page that only trims text or names a model does not load zod (docs/decisions/126).

const NO_CONTROL = new RegExp(textPatterns.noControl);

/**
 * The string every request schema starts from: it never carries control characters. A
 * pattern rather than a refinement, so the document states the rule.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(NO_CONTROL, CONTROL_CHARACTER_MESSAGE);
}

/**
 * A name field: normalised and trimmed of invisible characters, so a name made only of
 * zero-width or format characters is refused like an empty one.
 */
export function nameText(messages: { empty: string; max: number; tooLong?: string }) {
  return text()
    .transform(visibleTrim)
    .pipe(z.string().min(1, messages.empty).max(messages.max, messages.tooLong))
    .meta(trimmedTextMeta(messages.max, textPatterns.visible));
}

/**
 * A model choice in a request: a provider id; which are on offer is checked by the server.
 */
export const modelChoice = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "Choose one of the models on offer.");
