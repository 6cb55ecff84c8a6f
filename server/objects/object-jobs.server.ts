import type { JobKind, JobParams } from "#domain/jobs";
import type { DispatchDeps } from "../generation/dispatch.server";
import type { GenerationJob } from "../generation/job-record.server";
import type { ImageProvider } from "../generation/providers/provider";
import { startPaidJob } from "../generation/submit.server";
import type { ObjectRecord } from "./object-records.server";

/** Who asks for work on an object: the workspace, and the key and member it came with. */
export interface ObjectCaller {
  userId: string;
  apiKeyId?: string | null;
  /** The member who asks (their team's monthly limit applies). */
  memberId?: string | null;
}

/**
 * A paid job on one of the workspace's objects (more variations, an edit, an AI upscale): in the
 * object's style, titled by the object (its kind's title names no style), paid by the caller.
 */
export function startObjectJob<K extends JobKind>(
  deps: DispatchDeps,
  object: Pick<ObjectRecord, "styleId">,
  job: { kind: K; params: JobParams<K>; provider: Pick<ImageProvider, "id" | "model" | "label" | "prices"> },
  caller: ObjectCaller,
): Promise<GenerationJob> {
  return startPaidJob(deps, {
    ...job,
    userId: caller.userId,
    styleId: object.styleId,
    styleName: "",
    apiKeyId: caller.apiKeyId,
    memberId: caller.memberId,
  });
}
