/**
 * NUL, which PostgreSQL cannot store in text, and the other invisible control
 * characters no field needs (tab, line feed and carriage return stay allowed).
 */
const CONTROL = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f";
const CONTROL_CHARACTERS = new RegExp(`[${CONTROL}]`);

/**
 * The format and separator characters that show nothing and are not `\s` (soft hyphen,
 * zero-width spaces and joiners, bidi marks), in the Basic Multilingual Plane: the ones
 * `visibleTrim` removes besides spaces. Written out so the document's patterns need no `u`
 * flag (Schemathesis and other non-JavaScript tools read them); text.test.ts checks the list.
 */
export const INVISIBLE_BMP =
  "\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufff9-\\ufffb";

/** Any character a text field takes, a space a trim removes, and one it keeps. */
const ANY = `[^${CONTROL}]`;
const SPACE = "[^\\S\\u000b\\u000c]";
const SOLID = `[^\\s${CONTROL}]`;

/** The patterns the document states (the server checks the same things in code, with its messages). */
export const textPatterns = {
  /** No control character anywhere: every text field of a request. */
  noControl: `^${ANY}*$`,
  /** Something besides spaces: a field trimmed and then refused when empty (a view, an edit's words). */
  notBlank: `^${ANY}*${SOLID}${ANY}*$`,
  /** Something visible: a name, trimmed of spaces and invisible characters, then refused when empty. */
  visible: `^${ANY}*[^\\s${CONTROL}${INVISIBLE_BMP}]${ANY}*$`,
  /** Blank, or at least three characters once trimmed (a style's description). */
  blankOrThree: `^${SPACE}*(?:${SOLID}${ANY}+${SOLID}${SPACE}*)?$`,
  /** At least three characters once trimmed. */
  three: `^${SPACE}*${SOLID}${ANY}+${SOLID}${SPACE}*$`,
};

export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control characters (such as NUL) from this text.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * What the document says of a text field the server trims before it checks its length: at
 * least one character, one the trim keeps (`pattern`), and at most `max`. The server counts
 * `max` after trimming, so the document's bound is the stricter of the two.
 */
export const trimmedTextMeta = (max: number, pattern: string = textPatterns.notBlank) => ({
  minLength: 1,
  maxLength: max,
  pattern,
});

/** Spaces, and the format characters that show nothing (zero-width spaces and joiners, marks, BOMs). */
const INVISIBLE_EDGES = /^[\p{Cf}\p{Z}\s]+|[\p{Cf}\p{Z}\s]+$/gu;

/** A name as people see it: NFC, without invisible characters at either end (a name of only those is empty). */
export function visibleTrim(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE_EDGES, "");
}
