import type { Transaction } from "../credits/credits.server";
import type { GenerationJob } from "./job-record.server";

/**
 * Something outside the engine that must record, in the very transaction that ends a job,
 * that it ended (a webhook's outbox row: committed with the end, or not at all). Features
 * add theirs at start (server/features.server.ts); the engine knows none of them by name.
 */
export interface JobEndingHook {
  /** Whether this job's ending concerns it: the usual end skips its transaction when none does. */
  concerns(job: GenerationJob): boolean;
  record(tx: Transaction, job: GenerationJob): Promise<void>;
}

const hooks = new Set<JobEndingHook>();

export function addJobEndingHook(hook: JobEndingHook): void {
  hooks.add(hook);
}

/** Whether any hook wants to hear of this job's ending. */
export const endingConcernsAnyHook = (job: GenerationJob) => [...hooks].some((hook) => hook.concerns(job));

/** Inside the ending's transaction: every hook this job concerns records it. */
export async function recordEnding(tx: Transaction, job: GenerationJob): Promise<void> {
  for (const hook of hooks) if (hook.concerns(job)) await hook.record(tx, job);
}
