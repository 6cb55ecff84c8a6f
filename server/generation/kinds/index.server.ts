import type { JobKind } from "#domain/jobs";
import { MalformedJobError, type GenerationJob } from "../job-record.server";
import { animationKind } from "./animation.server";
import { editKind } from "./edit.server";
import type { JobKindModule, JobNames, KindModule, PlannedObject, PricedParams } from "./kind.server";
import { objectImagesKind } from "./object-images.server";
import { outpaintKind } from "./outpaint.server";
import { styleSamplesKind } from "./style-samples.server";
import { textureKind } from "./texture.server";
import { upscaleKind } from "./upscale.server";
import { variationsKind } from "./variations.server";

/** Every built-in job kind, by name: the one place a new kind is added. */
export const jobKindModules: { [K in JobKind]: JobKindModule<K> } = {
  "style-samples": styleSamplesKind,
  "object-images": objectImagesKind,
  variations: variationsKind,
  edit: editKind,
  upscale: upscaleKind,
  animation: animationKind,
  texture: textureKind,
  outpaint: outpaintKind,
};

/**
 * The kinds this process runs, by name. A kind module handles its own params, which it parses
 * before any of its functions sees them: held here as taking any kind's, and called only with
 * what its own schema produced.
 */
const kinds = new Map(Object.entries(jobKindModules) as [string, KindModule<PricedParams>][]);

/**
 * Adds the kinds an extension brings (docs/decisions/111): every process of an install adds the
 * same ones before it starts, since a job is run by whichever worker takes it. Answers a function
 * that takes them out again (for tests, which share a process).
 */
export function addJobKinds<P extends PricedParams>(modules: Record<string, KindModule<P>>): () => void {
  const names = Object.keys(modules);
  const taken = names.find((name) => kinds.has(name));
  if (taken) throw new Error(`A job kind named ${taken} exists already`);
  for (const name of names) kinds.set(name, modules[name] as unknown as KindModule<PricedParams>);
  return () => names.forEach((name) => kinds.delete(name));
}

/** A kind's module, for code that handles every kind alike (a stored job's kind is only known at run time). */
export function kindModule(kind: string): KindModule<PricedParams> {
  const module = kinds.get(kind);
  if (!module) throw new Error(`No job kind named ${kind}`);
  return module;
}

/** The kinds whose images go to objects (the composer lists their jobs). */
export const objectJobKinds = () =>
  [...kinds].filter(([, module]) => module.makes === "objects").map(([name]) => name as JobKind);

/** A job's stored params, parsed with its kind's schema: never cast. Throws on a malformed record. */
export function parseJobParams(job: Pick<GenerationJob, "id" | "kind" | "params">): PricedParams {
  const result = kindModule(job.kind).params.safeParse(job.params);
  if (!result.success) throw new MalformedJobError(job.id, result.error.message);
  return result.data;
}

/** A stored job's params, parsed by its kind; null when the record is malformed. */
export function storedParams(job: Pick<GenerationJob, "kind" | "params">): PricedParams | null {
  const parsed = kindModule(job.kind).params.safeParse(job.params);
  return parsed.success ? parsed.data : null;
}

/** The objects a stored job makes, with how many images each needs (a malformed record shows none). */
export function plannedObjectsOf(job: Pick<GenerationJob, "kind" | "params">): PlannedObject[] {
  const params = storedParams(job);
  return params ? kindModule(job.kind).objects(params) : [];
}

/** A stored job's title from the names it is about now; null when its params cannot be read. */
export function titleOf(job: Pick<GenerationJob, "kind" | "params">, names: JobNames): string | null {
  const params = storedParams(job);
  return params ? kindModule(job.kind).title(params, names) : null;
}
