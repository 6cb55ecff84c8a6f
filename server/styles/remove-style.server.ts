import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { cancelStyleJobs } from "../generation/lifecycle.server";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import { stopOpenTrainings } from "../learning/characters.server";
import type { FileStorage } from "../storage/storage.server";
import { deleteStyle } from "./styles.server";

/**
 * Deletes a style with its objects, images and files. Its unfinished jobs are
 * cancelled first and refund what they did not make; their rows stay, without the
 * style, as the record of what was charged. Its open trainings are stopped at their provider and
 * refunded by the rule; its trained weights go with its folder.
 */
export async function removeStyle(
  deps: { db: Database; storage: FileStorage; providers: ProviderRegistry },
  options: { workspaceId: string; styleId: string },
): Promise<void> {
  await cancelStyleJobs(deps, options);
  const subject = { learns: "style" as const, id: options.styleId };
  await stopOpenTrainings(deps, { workspaceId: options.workspaceId, subject }, "The style was deleted.");
  if (!(await deleteStyle(deps.db, deps.storage, options))) throw new AppError("not_found", "No such style.");
}
