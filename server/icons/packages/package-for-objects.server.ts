import { AppError } from "#domain/errors";
import { defaultPrefix, NO_ICONS } from "#domain/icon-packages";
import { type IconPackageQuery } from "#domain/requests/icon-packages";
import type { Database } from "../../db/client.server";
import type { FileStorage } from "../../storage/storage.server";
import { loadIconSet, type IconSet } from "../icon-set.server";
import { buildIconPackage, type BuiltPackage } from "./build-package.server";

/**
 * The chosen objects of a workspace as a built icon package, as the download and the MCP tool ask
 * for it: conflict when none of them can be an icon; the prefix from the name unless given.
 */
export async function iconPackageOf(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; query: IconPackageQuery },
): Promise<{ set: IconSet; built: BuiltPackage }> {
  const { format, name, version, prefix, license, grid, ...selection } = options.query;
  const set = await loadIconSet(deps, { workspaceId: options.workspaceId, selection, grid });
  if (set.icons.length === 0) throw new AppError("conflict", NO_ICONS);
  const built = await buildIconPackage(set, format, { name, version, license, prefix: prefix ?? defaultPrefix(name) });
  return { set, built };
}
