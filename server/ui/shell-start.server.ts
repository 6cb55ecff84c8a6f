import { sql, type SQLWrapper } from "drizzle-orm";
import type { InstanceSettings } from "#domain/instance-settings";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { storedSetting } from "../instance/instance-settings.server";
import { teamNamesOf } from "../teams/teams.server";
import { positionColumns, positionFrom, type WorkspacePosition } from "../users/data-version.server";

/** What every signed-in page's shell shows besides the page itself. */
export interface ShellData {
  /** The announcement the operator console set; null where the environment's stands. */
  storedAnnouncement: string | null;
  /** The teams the person is in, oldest first: the workspace switcher's choices besides their own. */
  teams: { id: string; name: string }[];
}

const shellColumns = (userId: SQLWrapper) => ({
  storedAnnouncement: storedSetting("announcement"),
  teams: teamNamesOf(userId),
});

const one = sql`(values (1)) as one (n)`;

/** A document's first read: where its workspace stands and its shell's data, in one statement. */
const documentStartOf = preparedFor((db: Database) =>
  db
    .select({ ...positionColumns(sql.placeholder("workspaceId")), ...shellColumns(sql.placeholder("userId")) })
    .from(one)
    .prepare("document_start_of"),
);

/** The shell's data alone, for the in-app data requests, which read no position. */
const shellOf = preparedFor((db: Database) =>
  db
    .select(shellColumns(sql.placeholder("userId")))
    .from(one)
    .prepare("shell_of"),
);

/** The announcement a page shows: the console's, else the environment's (decision 086); empty for none. */
export const announcementInForce = (shell: ShellData, defaults: InstanceSettings) =>
  shell.storedAnnouncement ?? defaults.announcement;

function shellFrom(row: { storedAnnouncement: unknown; teams: ShellData["teams"] } | undefined): ShellData {
  return {
    storedAnnouncement: typeof row?.storedAnnouncement === "string" ? row.storedAnnouncement : null,
    teams: row?.teams ?? [],
  };
}

/**
 * A signed-in document's reads before any loader, in one statement, prepared once per database
 * handle (each is read on every document, and on the embedded database a statement's fixed cost
 * is most of a short read's): where the workspace stands — the event its stream resumes from
 * (decision 128), the version its kept data is read under, the balance the page shows at once
 * (any later change arrives on the stream) — and the shell's data (decision 147).
 */
export async function readDocumentStart(
  db: Database,
  options: { workspaceId: string; userId: string },
): Promise<{ position: WorkspacePosition; shell: ShellData }> {
  const [row] = await documentStartOf(db).execute({ workspaceId: options.workspaceId, userId: options.userId });
  return { position: positionFrom(row), shell: shellFrom(row) };
}

/** The shell's data for a data request (moving inside the app). */
export async function readShell(db: Database, userId: string): Promise<ShellData> {
  const [row] = await shellOf(db).execute({ userId });
  return shellFrom(row);
}
