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
