// The fake Replicate's models and trainings: destination models made under the token's account
// (POST /v1/models), trainings of ostris's FLUX LoRA trainer writing a version to one (its
// dataset ZIP read with yauzl and recorded), and the versions they make, which then run as models.
import { randomBytes } from "node:crypto";
import { readZip } from "../../support/zip.ts";
import { inputBytes } from "./files.ts";
import { COMMUNITY_VERSIONS, HARDWARE, PUBLIC_MODELS, validateInput, validationProblem } from "./models.ts";
import type { Reply } from "./reply.ts";
import { answerCreated, runId } from "./runs.ts";
import type { RecordedTraining, ReplicateState, Run } from "./state.ts";

const IMAGE_FILE = /\.(png|jpe?g|webp)$/i;

/** POST /v1/models: a model under the account, to be a training's destination. */
export function createModel(state: ReplicateState, reply: Reply, raw: Buffer) {
  const body = JSON.parse(raw.toString() || "{}") as Record<string, unknown>;
  const { owner, name, visibility, hardware } = body;
  const record = (status: number) =>
    state.modelsCreated.push({ owner: String(owner), name: String(name), visibility, hardware, status });
  if (owner !== state.username) {
    record(403);
    return reply.problem(403, "Forbidden", "You do not have permission to create models for this owner");
  }
  if (typeof name !== "string" || !/^[a-z0-9][a-z0-9._-]*$/.test(name) || name.length > 100) {
    record(422);
    return reply.problem(422, "Input validation failed", "- name: Invalid model name");
  }
  if (visibility !== "public" && visibility !== "private") {
    record(422);
    return reply.problem(
      422,
      "Input validation failed",
      '- visibility: visibility must be one of the following: "public", "private"',
    );
  }
  if (typeof hardware !== "string" || !HARDWARE.includes(hardware)) {
    record(422);
    return reply.problem(
      422,
      "Input validation failed",
      `- hardware: hardware must be one of the following: ${HARDWARE.join(", ")}`,
    );
  }
  const key = `${owner}/${name}`;
  if (state.models.has(key)) {
    record(409);
    return reply.problem(409, "Conflict", "A model with that name and owner already exists.");
  }
  record(201);
  state.models.set(key, { visibility, hardware, versions: [] });
  return reply.json(201, modelObject(state, key));
}

/** GET /v1/models/{owner}/{name}: a public model, or one of the account's own. */
export function modelObject(state: ReplicateState, key: string) {
  const own = state.models.get(key);
  const known = PUBLIC_MODELS[key];
  if (!own && !known) return null;
  const [owner, name] = key.split("/");
  const latest = own ? (own.versions.at(-1) ?? null) : known!.latestVersion;
  return {
    url: `https://replicate.com/${key}`,
    owner,
    name,
    description: known?.description ?? null,
    visibility: own?.visibility ?? "public",
    github_url: null,
    paper_url: null,
    license_url: null,
    run_count: 0,
    cover_image_url: null,
    default_example: null,
    latest_version: latest
      ? { id: latest, created_at: new Date().toISOString(), cog_version: "0.9.4", openapi_schema: {} }
      : null,
  };
}

/** Whether `version` is one of `key`'s versions. */
export function hasVersion(state: ReplicateState, key: string, version: string) {
  return COMMUNITY_VERSIONS[version]?.model === key || (state.models.get(key)?.versions.includes(version) ?? false);
}

/** POST /v1/models/{owner}/{name}/versions/{version}/trainings {destination, input}. */
export async function createTraining(
  state: ReplicateState,
  reply: Reply,
  trainer: string,
  version: string,
  raw: Buffer,
  closed: () => boolean,
) {
  state.calls.create++;
  if (COMMUNITY_VERSIONS[version]?.model !== trainer || COMMUNITY_VERSIONS[version]?.kind !== "trainer")
    return reply.problem(404, "Not found", "The requested resource could not be found.");
  const body = JSON.parse(raw.toString() || "{}") as { destination?: unknown; input?: unknown };
  const destination = typeof body.destination === "string" ? body.destination : "";
  if (!state.models.has(destination) || !destination.startsWith(`${state.username}/`))
    return reply.problem(404, "Not found", `The specified training destination does not exist: ${destination}`);
  if (!body.input || typeof body.input !== "object")
    return reply.problem(422, "Input validation failed", "- input is required\n");
  const input = body.input as Record<string, unknown>;
  const invalid = validateInput("trainer", input);
  if (invalid.length > 0)
    return reply.problem(422, "Input validation failed", validationProblem(invalid).detail, {
      invalid_fields: invalid,
    });

  const zip = inputBytes(state, String(input.input_images));
  const dataset = zip ? await readDataset(zip) : null;
  const { control } = state;
  const failure =
    control.trainingFailure === "nsfw"
      ? "NSFW content detected in the training images."
      : control.trainingFailure === "error"
        ? "Training failed: CUDA out of memory."
        : !zip
          ? `Failed to download input_images from ${String(input.input_images).slice(0, 80)}`
          : !dataset || dataset.images.length === 0
            ? "input_images must be a zip file of images"
            : null;
  const run: Run = {
    id: runId(),
    kind: "training",
    model: trainer,
    version,
    input,
    status: "starting",
    advances: 0,
    logs: "",
    output: null,
    error: null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    completedAt: null,
    failure,
    finish: async () => trainedVersion(state, run.id, destination),
  };
  state.runs.set(run.id, run);
  const recorded: RecordedTraining = {
    id: run.id,
    trainer: `${trainer}:${version}`,
    destination,
    input,
    triggerWord: input.trigger_word,
    steps: input.steps,
    dataset,
  };
  state.trainings.push(recorded);
  return answerCreated(state, reply, run, undefined, closed);
}

/** A succeeded training's output: a new version of its destination, and its weights file. */
function trainedVersion(state: ReplicateState, id: string, destination: string) {
  const version = randomBytes(32).toString("hex");
  state.models.get(destination)!.versions.push(version);
  state.trainedVersions.set(version, destination);
  const path = `/delivery/yhqm/${id}/trained_model.tar`;
  state.outputs.set(path, {
    contentType: "application/x-tar",
    data: Buffer.from(`fake LoRA weights for ${destination}:${version}`),
  });
  return { version: `${destination}:${version}`, weights: `${state.url}${path}` };
}

/** The entries of a dataset ZIP: every file, the pictures, and each picture's caption (the .txt of its name). */
async function readDataset(zip: Buffer): Promise<RecordedTraining["dataset"]> {
  let entries: { name: string; data: Buffer }[];
  try {
    entries = await readZip(zip);
  } catch {
    return null;
  }
  const texts = new Map(
    entries.filter((e) => e.name.endsWith(".txt")).map((e) => [e.name.replace(/\.txt$/, ""), e.data.toString("utf8")]),
  );
  const images = entries.filter((e) => IMAGE_FILE.test(e.name)).map((e) => e.name);
  const captions: Record<string, string> = {};
  for (const image of images) {
    const caption = texts.get(image.replace(IMAGE_FILE, ""));
    if (caption !== undefined) captions[image] = caption;
  }
  return { files: entries.map((e) => e.name), images, captions };
}
