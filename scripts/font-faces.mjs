// Reading a stylesheet's @font-face rules: for writing Inter's Latin face
// (scripts/instance-inter-font.mjs) and for checking it against the package (app/fonts/inter-latin.test.ts).

/** Each face's file name (without .woff2) and unicode-range, as a stylesheet declares them. */
export function fontFaces(css) {
  const faces = new Map();
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const file = /url\(["']?[^)"']*?([\w-]+)\.woff2/.exec(body)[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)[1].replace(/\s+/g, "");
    faces.set(file, range);
  }
  return faces;
}

/** The code points a unicode-range names ("U+0000-00FF,U+0131,…"). */
export function codePointsOf(range) {
  const codes = [];
  for (const part of range.split(",")) {
    const [from, to = from] = part.slice(2).split("-");
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) codes.push(code);
  }
  return codes;
}
