import type { Actor } from "#domain/actor";
import type { DispatchDeps } from "../generation/dispatch.server";
import type { GenerationJob } from "../generation/job-record.server";
import type { ImageProvider } from "../generation/providers/provider";
import { startPaidJob, type ParamsOf } from "../generation/submit.server";
import type { ObjectRecord } from "./object-records.server";

/**
 * A paid job on one of the workspace's objects (more variations, an edit, an AI upscale): in the
 * object's style, titled by the object (its kind's title names no style), paid by the caller.
 */
export function startObjectJob<K extends string>(
  deps: DispatchDeps,
  object: Pick<ObjectRecord, "styleId">,
  job: { kind: K; params: ParamsOf<K>; provider: Pick<ImageProvider, "id" | "model" | "label" | "prices"> },
  actor: Actor,
): Promise<GenerationJob> {
  return startPaidJob(deps, { ...job, actor, styleId: object.styleId, styleName: "" });
}
