import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { userContext, workspaceContext } from "./require-user.server";
import { servicesContext } from "./context";
import type { Database } from "../db/client.server";
import { generationJobs, objects, styles } from "../db/schema";
import { findWorkspace } from "../workspaces/workspaces.server";

type Reader = Pick<Database, "select">;
type LinkedRecord = { kind: "object" | "set" | "style"; id: string };

/**
 * For a link to an object, a set or a style's objects opened in another workspace than its own: the record's
 * workspace, when `userId` is in it (the page then opens there); null when the record is missing
 * or not theirs to see.
 */
async function otherWorkspaceOf(
  db: Reader,
  options: { userId: string; record: LinkedRecord; current: string },
): Promise<string | null> {
  const { record } = options;
  const table = { object: objects, set: generationJobs, style: styles }[record.kind];
  const [row] = await db.select({ ownerId: table.ownerId }).from(table).where(eq(table.id, record.id));
  if (!row?.ownerId || row.ownerId === options.current) return null;
  const workspace = await findWorkspace(db, { userId: options.userId, requested: row.ownerId });
  return workspace ? workspace.id : null;
}

/**
 * For a page whose record is not in the workspace it acts in: when the record is in another
 * workspace of the person's, redirects to the same address there (`?workspace=`); else returns,
 * and the page answers as for anyone (404, an empty list).
 */
export async function followToItsWorkspace(
  context: Readonly<RouterContextProvider>,
  request: Request,
  record: LinkedRecord,
): Promise<void> {
  const elsewhere = await otherWorkspaceOf(context.get(servicesContext).database.db, {
    userId: context.get(userContext).id,
    record,
    current: context.get(workspaceContext).id,
  });
  if (!elsewhere) return;
  const url = new URL(request.url);
  url.searchParams.set("workspace", elsewhere);
  throw redirect(`${url.pathname}${url.search}`);
}
