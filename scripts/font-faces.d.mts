/** Each face's file name (without .woff2) and unicode-range, as a stylesheet declares them. */
export function fontFaces(css: string): Map<string, string>;
/** The code points a unicode-range names ("U+0000-00FF,U+0131,…"). */
export function codePointsOf(range: string): number[];
