import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { cancelStyleJobs } from "../generation/lifecycle.server";
import type { FileStorage } from "../storage/storage.server";
import { deleteStyle } from "./styles.server";

/**
 * Deletes a style with its objects, images and files. Its unfinished jobs are
 * cancelled first and refund what they did not make; their rows stay, without the
 * style, as the record of what was charged.
 */
export async function removeStyle(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; styleId: string },
): Promise<void> {
  await cancelStyleJobs(deps, options);
  if (!(await deleteStyle(deps.db, deps.storage, options))) throw new AppError("not_found", "No such style.");
}
