// Writes app/fonts/inter-latin-wght-400-700.woff2: the Latin subset of Inter (from
// @fontsource-variable/inter) with its weight axis narrowed to the weights the app draws,
// 400 to 700 (docs/decisions/135). Run it again after updating @fontsource-variable/inter:
//   node scripts/instance-inter-font.mjs
// app/fonts/inter-latin.test.ts fails while the file and the package disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { codePointsOf, fontFaces } from "./font-faces.mjs";

const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = new URL("../app/fonts/inter-latin-wght-400-700.woff2", import.meta.url);

const packageCss = readFileSync(require.resolve("@fontsource-variable/inter/index.css"), "utf8");
/** Every character of the package's Latin face, by its unicode-range. */
const latinCharacters = String.fromCodePoint(...codePointsOf(fontFaces(packageCss).get("inter-latin-wght-normal")));

const font = await subsetFont(readFileSync(source), latinCharacters, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 700 } },
});
writeFileSync(target, font);
console.log(`${target.pathname}: ${font.length} bytes (the package's face: ${readFileSync(source).length})`);
