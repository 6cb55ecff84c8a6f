import { sql, type SQLWrapper } from "drizzle-orm";
import { creditsVersionOf } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { workspaceBalances, workspaceDataVersions, workspaceEvents } from "../db/schema";

/** How many pages' data one process keeps. */
const MAX_ENTRIES = 500;
/**
 * What a page's data also follows besides the workspace's records: the clock (jobs finished ten
 * minutes ago leave the composer, image links are signed for a window). Kept data is used within
 * the minute it was read in, and read anew after.
 */
const CLOCK_MS = 60_000;

/**
 * A workspace's data version (a person's own or a team's): grows at every commit that changes its
 * styles, references, jobs, objects or images, whoever made the change (migrations 0019 and 0030).
 */
export async function readDataVersion(db: Database, workspaceId: string): Promise<number> {
  const [row] = await dataVersionOf(db).execute({ workspaceId });
  return Number(row?.dataVersion ?? 0);
}

/** The subquery giving the data version (0 before any change) of the workspace `workspaceId` names. */
const dataVersionFor = (workspaceId: SQLWrapper) =>
  sql<number>`coalesce((select ${workspaceDataVersions.version} from ${workspaceDataVersions} where ${workspaceDataVersions.workspaceId} = ${workspaceId}), 0)`;

/** The version alone, for the in-app data requests that read nothing else of the position. */
const dataVersionOf = preparedFor((db) =>
  db
    .select({ dataVersion: dataVersionFor(sql.placeholder("workspaceId")) })
    .from(sql`(values (1)) as one (n)`)
    .prepare("workspace_data_version_of"),
);

/** Where a workspace stands when a document starts: its newest live event, data version and balance. */
export interface WorkspacePosition {
  newestEventId: number;
  dataVersion: number;
  /** The balance and its version (the newest ledger row's id), as the profile reads them. */
  balance: { credits: number; creditsVersion: number };
}

/**
 * The columns of where a workspace stands, each a subquery on the workspace's id: for the
 * statement a document reads before any loader (`readDocumentStart`, decision 147).
 */
export const positionColumns = (workspaceId: SQLWrapper) => ({
  newestEventId: sql<number>`coalesce((select max(${workspaceEvents.id}) from ${workspaceEvents} where ${workspaceEvents.workspaceId} = ${workspaceId}), 0)`,
  dataVersion: dataVersionFor(workspaceId),
  credits: sql<number>`coalesce((select ${workspaceBalances.credits} from ${workspaceBalances} where ${workspaceBalances.id} = ${workspaceId}), 0)`,
  creditsVersion: creditsVersionOf(workspaceId),
});

/** The position from a row of `positionColumns` (numbers may arrive as text: bigint). */
export function positionFrom(
  row: { newestEventId: unknown; dataVersion: unknown; credits: unknown; creditsVersion: unknown } | undefined,
): WorkspacePosition {
  return {
    newestEventId: Number(row?.newestEventId ?? 0),
    dataVersion: Number(row?.dataVersion ?? 0),
    balance: { credits: Number(row?.credits ?? 0), creditsVersion: Number(row?.creditsVersion ?? 0) },
  };
}

interface Kept {
  value: unknown;
}

/**
 * Data for pages made only from one workspace's records, kept in this process under the
 * workspace's data version. Any change to them (a colleague's in a team, another process's)
 * grows the version in the database, so no process serves data older than the version it has
 * just read: the version is read before the data, and a change commits its data and its version
 * together (docs/decisions/065 and 100).
 */
export class PersonalData {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `read`'s result for this workspace and `name` (the page and its parameters), read anew only
   * when stale. `version` is the workspace's data version where the request has read it already
   * (a document's, with its position); else it is read here.
   */
  async get<T>(
    db: Database,
    workspaceId: string,
    name: string,
    read: () => Promise<T>,
    version: number | null = null,
  ): Promise<T> {
    version ??= await readDataVersion(db, workspaceId);
    const key = `${workspaceId}\0${name}\0${version}\0${Math.floor(this.now() / CLOCK_MS)}`;
    const kept = this.kept.get(key);
    if (kept) return kept.value as T;
    const value = await read();
    this.kept.set(key, { value });
    while (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}

/** This process's kept page data. */
export const personalData = new PersonalData();
