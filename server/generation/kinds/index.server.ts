import { jobKinds, type JobKind, type JobParams } from "#domain/jobs";
import type { GenerationJob } from "../job-record.server";
import { editKind } from "./edit.server";
import type { JobKindModule, JobNames, PlannedObject } from "./kind.server";
import { objectImagesKind } from "./object-images.server";
import { styleSamplesKind } from "./style-samples.server";
import { upscaleKind } from "./upscale.server";
import { variationsKind } from "./variations.server";

/** Every job kind, by name: the one place a new kind is added. */
export const jobKindModules: { [K in JobKind]: JobKindModule<K> } = {
  "style-samples": styleSamplesKind,
  "object-images": objectImagesKind,
  variations: variationsKind,
  edit: editKind,
  upscale: upscaleKind,
};

/**
 * A kind's module for code that handles every kind alike (a stored job's kind is only known
 * at run time; its params are parsed by that same module before any of its functions sees them).
 */
export const kindModule = (kind: JobKind) => jobKindModules[kind] as unknown as JobKindModule<JobKind>;

/** The kinds whose images go to objects (the composer lists their jobs). */
export const objectJobKinds = jobKinds.filter((kind) => jobKindModules[kind].makes === "objects");

/** A stored job's params, parsed by its kind; null when the record is malformed. */
export function storedParams(job: Pick<GenerationJob, "kind" | "params">): JobParams<JobKind> | null {
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
