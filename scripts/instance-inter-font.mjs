// Writes app/fonts/inter-latin-wght-400-700.woff2: the Latin subset of Inter (from
// @fontsource-variable/inter) with its weight axis narrowed to the weights the app draws,
// 400 to 700 (docs/decisions/135). Run it again after updating @fontsource-variable/inter:
//   node scripts/instance-inter-font.mjs
// app/fonts/inter-latin.test.ts fails while the file and the package disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = new URL("../app/fonts/inter-latin-wght-400-700.woff2", import.meta.url);

/** Every character of the package's Latin face, by its unicode-range (U+0000-00FF, U+0131, …). */
function latinCharacters() {
  const css = readFileSync(require.resolve("@fontsource-variable/inter/index.css"), "utf8");
  const face = css.slice(css.indexOf("/* inter-latin-wght-normal */"));
  const range = /unicode-range:\s*([^;]+);/.exec(face)[1];
  let text = "";
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().slice(2).split("-");
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

const font = await subsetFont(readFileSync(source), latinCharacters(), {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 700 } },
});
writeFileSync(target, font);
console.log(`${target.pathname}: ${font.length} bytes (the package's face: ${readFileSync(source).length})`);
