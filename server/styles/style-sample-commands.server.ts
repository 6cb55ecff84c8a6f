import { AppError } from "#domain/errors";
import { chooseProvider } from "../generation/choose-provider.server";
import { dispatchJob } from "../generation/dispatch.server";
import { cancelJob } from "../generation/lifecycle.server";
import type { StyleDeps } from "./create-style.server";
import { deleteImageFiles } from "./style-files.server";
import { activeSampleJobIds, createMissingSamplesJob, createRegeneratedSamplesJob } from "./style-samples.server";
import { getOwnedStyle } from "./styles.server";

/** Makes the samples a style is missing (after a failed or cancelled job) and queues them. */
export async function makeMissingSamples(
  deps: StyleDeps,
  options: { userId: string; styleId: string; apiKeyId?: string | null; memberId?: string | null },
) {
  const provider = await styleProvider(deps, options);
  const result = await createMissingSamplesJob(deps.database.db, { ...options, provider });
  if (result.existing) return result;
  return { ...result, job: await dispatchJob(deps, result.job) };
}

/**
 * Replaces a style's samples with four made for what it is now, as a paid job; the
 * old samples' files go once the change has committed.
 */
export async function regenerateSamples(
  deps: StyleDeps,
  options: { userId: string; styleId: string; apiKeyId?: string | null; memberId?: string | null },
) {
  const provider = await styleProvider(deps, options);
  const result = await createRegeneratedSamplesJob(deps.database.db, { ...options, provider });
  if (result.existing) return result;
  await deleteImageFiles(deps.storage, result.oldFiles);
  return { ...result, job: await dispatchJob(deps, result.job) };
}

/** Samples are made with the style's model while it is on offer, else the operator's default. */
async function styleProvider(
  deps: StyleDeps,
  options: { userId: string; styleId: string; apiKeyId?: string | null; memberId?: string | null },
) {
  const style = await getOwnedStyle(deps.database.db, options);
  if (!style) throw new AppError("not_found", "No such style.");
  return chooseProvider(deps.providers, { styleDefault: style.defaultModel });
}

const NOTHING_RUNNING = "Nothing is being generated for this style.";

/** Stops a style's running sample job (its card's Cancel); what was not made yet is refunded. */
export async function cancelStyleSamples(
  deps: StyleDeps,
  options: { userId: string; styleId: string; apiKeyId?: string | null; memberId?: string | null },
) {
  const { db } = deps.database;
  const style = await getOwnedStyle(db, options);
  if (!style) throw new AppError("not_found", "No such style.");
  const [jobId] = await activeSampleJobIds(db, options);
  if (!jobId) throw new AppError("conflict", NOTHING_RUNNING);
  try {
    return await cancelJob({ db }, { userId: options.userId, jobId });
  } catch (error) {
    // It finished while the request was on its way.
    if (error instanceof AppError && error.code === "conflict") throw new AppError("conflict", NOTHING_RUNNING);
    throw error;
  }
}
