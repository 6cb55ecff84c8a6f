// A tiny but real ONNX matting model, written byte by byte (the protobuf wire format of
// onnx.proto), so the matting path can be tested without downloading weights. Its alpha is
// Sigmoid(gain · (|rgb − colour|² − threshold²)) with rgb in 0–1: whatever is far from
// `colour` is the subject. It takes a normalised NCHW float input like the real exports.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RGB } from "#server/generation/pipeline/key-colour";
import { MATTING_NORMALISATIONS, type MattingNormalisation } from "#server/generation/pipeline/matting-model.server";

export interface TinyMattingModelOptions {
  /** The colour the model takes for background. */
  background: RGB;
  /** Distance (0–1 RGB units, Euclidean) at which alpha is one half. */
  threshold: number;
  /** Steepness of the step, on the squared distance. */
  gain?: number;
  /** A fixed square input size, or dynamic height and width. */
  size?: number | "dynamic";
  /** How the model expects its input (the caller must normalise the same way). */
  normalisation?: MattingNormalisation;
  /** Leave out the final Sigmoid, as exports that return logits do. */
  logits?: boolean;
}

// --- protobuf wire format ---------------------------------------------------------------

function varint(value: number): number[] {
  const bytes: number[] = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return bytes;
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, value: number) => [...key(field, 0), ...varint(value)];
const bytes = (field: number, payload: number[] | Uint8Array) => [
  ...key(field, 2),
  ...varint(payload.length),
  ...payload,
];
const text = (field: number, value: string) => bytes(field, [...Buffer.from(value, "utf8")]);

// --- onnx.proto messages (field numbers from onnx/onnx.proto) ----------------------------

const FLOAT = 1;

function tensor(name: string, dims: number[], values: number[]) {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  // TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9
  return [...dims.flatMap((d) => int(1, d)), ...int(2, FLOAT), ...text(8, name), ...bytes(9, raw)];
}

function valueInfo(name: string, dims: (number | string)[]) {
  // TensorShapeProto.Dimension: dim_value = 1, dim_param = 2
  const shape = dims.flatMap((d) => bytes(1, typeof d === "number" ? int(1, d) : text(2, d)));
  // TypeProto.tensor_type = 1 { elem_type = 1, shape = 2 }; ValueInfoProto { name = 1, type = 2 }
  return [...text(1, name), ...bytes(2, bytes(1, [...int(1, FLOAT), ...bytes(2, shape)]))];
}

function node(op: string, inputs: string[], output: string) {
  // NodeProto: input = 1, output = 2, name = 3, op_type = 4
  return [...inputs.flatMap((i) => text(1, i)), ...text(2, output), ...text(3, output), ...text(4, op)];
}

/** The model's bytes: a valid ModelProto (IR 8, opset 13). */
export function tinyMattingModel(options: TinyMattingModelOptions): Uint8Array {
  const { mean, std } = MATTING_NORMALISATIONS[options.normalisation ?? "imagenet"];
  const colour = [options.background.r, options.background.g, options.background.b].map((v) => v / 255);
  const [h, w] = options.size === "dynamic" ? ["height", "width"] : [options.size ?? 64, options.size ?? 64];
  const channels = [1, 3, 1, 1];
  const initializers = [
    tensor("std", channels, [...std]),
    tensor("mean", channels, [...mean]),
    tensor("colour", channels, colour),
    // A 1×1 convolution with ones sums the three squared differences.
    tensor("ones", [1, 3, 1, 1], [1, 1, 1]),
    tensor("threshold", [1], [options.threshold ** 2]),
    tensor("gain", [1], [options.gain ?? 40]),
  ];
  const nodes = [
    node("Mul", ["input", "std"], "scaled"),
    node("Add", ["scaled", "mean"], "rgb"),
    node("Sub", ["rgb", "colour"], "difference"),
    node("Mul", ["difference", "difference"], "squared"),
    node("Conv", ["squared", "ones"], "distance"),
    node("Sub", ["distance", "threshold"], "centred"),
    node("Mul", ["centred", "gain"], options.logits ? "alpha" : "logit"),
    ...(options.logits ? [] : [node("Sigmoid", ["logit"], "alpha")]),
  ];
  // GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12
  const graph = [
    ...nodes.flatMap((n) => bytes(1, n)),
    ...text(2, "tiny-matte"),
    ...initializers.flatMap((t) => bytes(5, t)),
    ...bytes(11, valueInfo("input", [1, 3, h, w])),
    ...bytes(12, valueInfo("alpha", [1, 1, h, w])),
  ];
  // ModelProto: ir_version = 1, producer_name = 2, graph = 7, opset_import = 8 { domain = 1, version = 2 }
  return Uint8Array.from([
    ...int(1, 8),
    ...text(2, "motif-tests"),
    ...bytes(7, graph),
    ...bytes(8, [...text(1, ""), ...int(2, 13)]),
  ]);
}

/** Writes the model to a new temporary folder and returns the file's path. */
export function writeTinyMattingModel(options: TinyMattingModelOptions): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "motif-matting-")), "tiny.onnx");
  writeFileSync(file, tinyMattingModel(options));
  return file;
}

/** The alpha (0–1) the model gives one 0–255 colour: what a test expects back. */
export function tinyModelAlpha(options: TinyMattingModelOptions, pixel: RGB): number {
  const d2 =
    ((pixel.r - options.background.r) / 255) ** 2 +
    ((pixel.g - options.background.g) / 255) ** 2 +
    ((pixel.b - options.background.b) / 255) ** 2;
  const logit = (options.gain ?? 40) * (d2 - options.threshold ** 2);
  return 1 / (1 + Math.exp(-logit));
}
