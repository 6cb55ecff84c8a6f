// The fake fal.ai's LoRA trainer (fal-ai/flux-lora-fast-training): its input checked as fal's
// 422 does, the dataset ZIP downloaded from this fake's storage and read as its runner reads it
// (each picture beside a .txt caption), its steps logged across status polls ("Training step
// 250/1000"), and as its result a LoRA file (some safetensors bytes) and a config in storage.
import { createHash } from "node:crypto";
import { readZip } from "../../support/zip.ts";
import type { FalState, Job } from "./state.ts";
import { fileAt } from "./storage.ts";

export const TRAINER = "fal-ai/flux-lora-fast-training";
export const isTrainer = (model: string) => model === TRAINER;
/** The trainer's steps when the input has none. */
export const DEFAULT_STEPS = 1000;
const PICTURE = /\.(png|jpe?g|webp)$/i;

/** The dataset as the trainer's runner read it. */
export interface ReceivedDataset {
  url: string;
  /** Every entry's name, in the archive's order. */
  entries: string[];
  /** The pictures' names. */
  pictures: string[];
  /** Each .txt entry's text, by its name. */
  captions: Record<string, string>;
}

type Detail = { loc: (string | number)[]; msg: string; type: string; url?: string };

/** The trainer's input, as its schema has it: the ZIP's URL, a trigger word, 1 to 10000 steps, two flags. */
export function validateTraining(input: Record<string, unknown>): Detail | null {
  const error = (loc: string[], msg: string, type: string) => ({ loc, msg, type });
  if (input.images_data_url === undefined) return error(["body", "images_data_url"], "Field required", "missing");
  if (typeof input.images_data_url !== "string" || !/^https?:\/\//.test(input.images_data_url))
    return error(["body", "images_data_url"], "Input should be a valid URL", "url_parsing");
  if (input.trigger_word !== undefined && input.trigger_word !== null && typeof input.trigger_word !== "string")
    return error(["body", "trigger_word"], "Input should be a valid string", "string_type");
  const steps = input.steps ?? DEFAULT_STEPS;
  if (typeof steps !== "number" || !Number.isInteger(steps))
    return error(["body", "steps"], "Input should be a valid integer", "int_type");
  if (steps < 1) return error(["body", "steps"], "Input should be greater than or equal to 1", "greater_than_equal");
  if (steps > 10000) return error(["body", "steps"], "Input should be less than or equal to 10000", "less_than_equal");
  for (const flag of ["is_style", "create_masks"]) {
    if (input[flag] !== undefined && typeof input[flag] !== "boolean")
      return error(["body", flag], "Input should be a valid boolean", "bool_type");
  }
  return null;
}

/** Downloads the dataset from this fake's storage and reads it as a ZIP with at least one picture. */
export async function readDataset(state: FalState, address: string): Promise<ReceivedDataset | { error: Detail }> {
  const loc = ["body", "images_data_url"];
  const file = fileAt(state, address);
  if (!file) {
    return {
      error: {
        loc,
        msg: "Failed to download the file. Please check if the URL is accessible and try again.",
        type: "file_download_error",
        url: "https://docs.fal.ai/errors#file_download_error",
      },
    };
  }
  let entries: { name: string; data: Buffer }[];
  try {
    entries = await readZip(file.data);
  } catch {
    return { error: { loc, msg: "The file is not a valid zip archive.", type: "value_error" } };
  }
  const pictures = entries.filter((entry) => PICTURE.test(entry.name)).map((entry) => entry.name);
  if (pictures.length === 0) {
    return { error: { loc, msg: "The archive contains no images.", type: "value_error" } };
  }
  return {
    url: address,
    entries: entries.map((entry) => entry.name),
    pictures,
    captions: Object.fromEntries(
      entries.filter((entry) => entry.name.endsWith(".txt")).map((entry) => [entry.name, entry.data.toString("utf8")]),
    ),
  };
}

/** A trainer's log line at `poll` of `polls` IN_PROGRESS polls: its step of the steps asked. */
export function trainingLog(job: Job, poll: number, polls: number): string {
  const steps = Number(job.input.steps ?? DEFAULT_STEPS);
  return `Training step ${Math.min(steps, Math.round((steps * poll) / (polls + 1)))}/${steps}`;
}

/** Some bytes in the safetensors layout (a little-endian header length, a JSON header, the weights). */
export function loraBytes(job: Job): Buffer {
  const header = Buffer.from(
    JSON.stringify({ __metadata__: { format: "pt", trigger_word: String(job.input.trigger_word ?? "") } }),
  );
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  const seed = createHash("sha256").update(job.id).digest();
  return Buffer.concat([length, header, ...Array.from({ length: 128 }, () => seed)]);
}

/** A completed training's output: the LoRA's file and its config, stored where this fake serves them. */
export function trainingOutput(state: FalState, job: Job) {
  const lora = loraBytes(job);
  const config = Buffer.from(JSON.stringify({ steps: job.input.steps ?? DEFAULT_STEPS, rank: 16 }));
  state.files.set(`output/${job.id}/pytorch_lora_weights.safetensors`, {
    contentType: "application/octet-stream",
    data: lora,
  });
  state.files.set(`output/${job.id}/config.json`, { contentType: "application/json", data: config });
  const file = (name: string, contentType: string, data: Buffer) => ({
    url: `${state.url}/files/output/${job.id}/${name}`,
    content_type: contentType,
    file_name: name,
    file_size: data.length,
  });
  return {
    diffusers_lora_file: file("pytorch_lora_weights.safetensors", "application/octet-stream", lora),
    config_file: file("config.json", "application/json", config),
  };
}
