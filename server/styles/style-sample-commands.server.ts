import type { Actor } from "#domain/actor";
import { AppError } from "#domain/errors";
import { chooseProvider } from "../generation/choose-provider.server";
import { cancelJob } from "../generation/lifecycle.server";
import { startPaidJobWith } from "../generation/submit.server";
import type { StyleDeps } from "./create-style.server";
import { deleteImageFiles } from "./style-files.server";
import { activeSampleJobIds, insertMissingSamplesJob, insertRegeneratedSamplesJob } from "./style-samples.server";
import { getOwnedStyle } from "./styles.server";

/** Makes the samples a style is missing (after a failed or cancelled job) and queues them. */
export async function makeMissingSamples(deps: StyleDeps, options: { actor: Actor; styleId: string }) {
  const provider = await styleProvider(deps, { workspaceId: options.actor.workspaceId, styleId: options.styleId });
  return startPaidJobWith(deps, (tx) => insertMissingSamplesJob(tx, { ...options, provider }));
}

/**
 * Replaces a style's samples with four made for what it is now, as a paid job; the
 * old samples' files go once the change has committed.
 */
export async function regenerateSamples(deps: StyleDeps, options: { actor: Actor; styleId: string }) {
  const provider = await styleProvider(deps, { workspaceId: options.actor.workspaceId, styleId: options.styleId });
  const result = await startPaidJobWith(deps, (tx) => insertRegeneratedSamplesJob(tx, { ...options, provider }));
  // Only once the change has committed (and never for a job found unfinished, which replaced nothing).
  await deleteImageFiles(deps.storage, result.oldFiles);
  return result;
}

/** Samples are made with the style's model while it is on offer, else the operator's default. */
async function styleProvider(deps: StyleDeps, options: { workspaceId: string; styleId: string }) {
  const style = await getOwnedStyle(deps.database.db, options);
  if (!style) throw new AppError("not_found", "No such style.");
  return chooseProvider(deps.providers, { styleDefault: style.defaultModel });
}

const NOTHING_RUNNING = "Nothing is being generated for this style.";

/** Stops a style's running sample job (its card's Cancel); what was not made yet is refunded. */
export async function cancelStyleSamples(deps: StyleDeps, options: { actor: Actor; styleId: string }) {
  const { db } = deps.database;
  const owned = { workspaceId: options.actor.workspaceId, styleId: options.styleId };
  const style = await getOwnedStyle(db, owned);
  if (!style) throw new AppError("not_found", "No such style.");
  const [jobId] = await activeSampleJobIds(db, owned);
  if (!jobId) throw new AppError("conflict", NOTHING_RUNNING);
  try {
    return await cancelJob({ db }, { workspaceId: owned.workspaceId, jobId });
  } catch (error) {
    // It finished while the request was on its way.
    if (error instanceof AppError && error.code === "conflict") throw new AppError("conflict", NOTHING_RUNNING);
    throw error;
  }
}
