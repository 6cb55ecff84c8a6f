// Skia's PathKit (WebAssembly): stroking and boolean path operations, loaded once per process.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { withoutAddedProcessHandlers } from "./emscripten.server";

/** The part of PathKit's API the font uses (the package ships no types). */
export interface SkPath {
  setFillType(type: unknown): void;
  stroke(options: { width: number; cap: unknown; join: unknown; miter_limit: number }): SkPath | null;
  transform(...matrix: number[]): void;
  op(other: SkPath, op: unknown): SkPath | null;
  simplify(): SkPath | null;
  copy(): SkPath;
  toSVGString(): string;
  toCmds(): number[][];
  getBounds(): { fLeft: number; fTop: number; fRight: number; fBottom: number };
  delete(): void;
}

export interface PathKit {
  FromSVGString(d: string): SkPath | null;
  NewPath(): SkPath;
  FillType: { WINDING: unknown; EVENODD: unknown };
  StrokeCap: { BUTT: unknown; ROUND: unknown; SQUARE: unknown };
  StrokeJoin: { MITER: unknown; ROUND: unknown; BEVEL: unknown };
  PathOp: { UNION: unknown };
  MOVE_VERB: number;
  LINE_VERB: number;
  QUAD_VERB: number;
  CONIC_VERB: number;
  CUBIC_VERB: number;
  CLOSE_VERB: number;
}

let loading: Promise<PathKit> | undefined;

export function loadPathKit(): Promise<PathKit> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<PathKit> {
  const require = createRequire(import.meta.url);
  const init = require("pathkit-wasm/bin/pathkit.js") as (options: object) => Promise<PathKit>;
  // Handing over the bytes: its loader would otherwise fetch() a file path, which Node refuses.
  const wasmBinary = readFileSync(require.resolve("pathkit-wasm/bin/pathkit.wasm"));
  return withoutAddedProcessHandlers(() => init({ wasmBinary }));
}
