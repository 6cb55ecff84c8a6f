import { z } from "zod";

/**
 * NUL, which PostgreSQL cannot store in text, and the other invisible control
 * characters no field needs (tab, line feed and carriage return stay allowed).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control characters (such as NUL) from this text.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** The string every request schema starts from: it never carries control characters. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);
}

/** Spaces, and the format characters that show nothing (zero-width spaces and joiners, marks, BOMs). */
const INVISIBLE_EDGES = /^[\p{Cf}\p{Z}\s]+|[\p{Cf}\p{Z}\s]+$/gu;

/** A name as people see it: NFC, without invisible characters at either end (a name of only those is empty). */
export function visibleTrim(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE_EDGES, "");
}

/**
 * A name field: normalised and trimmed of invisible characters, so a name made only of
 * zero-width or format characters is refused like an empty one.
 */
export function nameText(messages: { empty: string; max: number; tooLong?: string }) {
  return text().transform(visibleTrim).pipe(z.string().min(1, messages.empty).max(messages.max, messages.tooLong));
}
