import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "#server/db/client.server";
import { migrationsUpTo } from "../support/migrations-up-to";
import { createThrowawayDatabase } from "../support/throwaway-database";

/** Migration 0032 renames the balance, events and data-version tables and the ledger's column. */
const RENAMING_MIGRATION = 32;

/** Where a database of the previous release lives, and how to open it with a given migrations folder. */
interface Place {
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

async function pgliteFolder(): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "motif-upgrade-"));
  return {
    open: (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(serverUrl: string): Promise<Place> {
  const created = await createThrowawayDatabase(serverUrl, "motif_upgrade");
  return {
    open: (migrationsFolder) => openDatabase({ databaseUrl: created.url, migrationsFolder }),
    remove: created.drop,
  };
}

const places: { name: string; make: () => Promise<Place> }[] = [
  { name: "pglite", make: pgliteFolder },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres", make: () => postgresDatabase(process.env.TEST_DATABASE_URL!) }]
    : []),
];

/** What the previous release holds: two people, a team of both, balances (one in debt), ledger lines, jobs, a purchase, events. */
const previousReleaseRows = [
  `insert into auth_users (id, email) values ('ann', 'ann@example.com'), ('bob', 'bob@example.com')`,
  `insert into users (id, credits, credit_debt) values ('ann', 140, 0), ('bob', 0, 25)`,
  `insert into teams (id, name, created_by) values ('studio', 'Studio', 'ann')`,
  `update users set credits = 300 where id = 'studio'`,
  `insert into team_members (team_id, user_id, role, monthly_limit) values ('studio', 'ann', 'owner', null), ('studio', 'bob', 'member', 100)`,
  `insert into credit_ledger (user_id, delta, reason, ref, balance_after, member_id) values
     ('ann', 200, 'signup_grant', 'ann', 200, null),
     ('ann', -60, 'generation_reserve', 'job-ann', 140, 'ann'),
     ('bob', 0, 'signup_grant', 'bob', 0, null),
     ('studio', 350, 'admin_adjust', 'admin:1', 350, null),
     ('studio', -50, 'generation_reserve', 'job-studio', 300, 'bob')`,
  `insert into credit_purchases (checkout_session_id, user_id, pack_id, credits, amount, currency, credits_taken_back)
     values ('cs_bob', 'bob', 'small', 25, 500, 'eur', 25)`,
  `insert into styles (id, owner_id, created_by, name, source, description, prompt, seed)
     values ('style-ann', 'ann', 'ann', 'Warm icons', 'text', 'Warm icons', 'Warm icons.', 7),
            ('style-studio', 'studio', 'bob', 'Pixel heroes', 'text', 'Pixel heroes', 'Pixel heroes.', 9)`,
  `insert into generation_jobs (id, owner_id, created_by, kind, title, image_count, style_id, params, provider, model, credits, status)
     values ('job-ann', 'ann', 'ann', 'style-samples', 'Samples', 4, 'style-ann', '{"v":1}', 'offline', 'preview-1', 60, 'succeeded'),
            ('job-studio', 'studio', 'bob', 'style-samples', 'Samples', 4, 'style-studio', '{"v":1}', 'offline', 'preview-1', 50, 'queued')`,
  `insert into user_events (user_id, type, data) values ('ann', 'credits', '{"credits":140}'), ('studio', 'job', '{"id":"job-studio"}')`,
];

/** Everything the renaming must keep, read by the names of either release. */
async function snapshot(db: Database, names: { balances: string; events: string; versions: string; owner: string }) {
  const read = (query: string) => queryRows<Record<string, unknown>>(db, sql.raw(query));
  return {
    balances: await read(`select id, credits, credit_debt from ${names.balances} order by id`),
    ledger: await read(
      `select id, ${names.owner} as workspace, delta, reason, ref, balance_after, member_id from credit_ledger order by id`,
    ),
    purchases: await read(
      `select checkout_session_id, ${names.owner} as workspace, credits, credits_taken_back from credit_purchases`,
    ),
    jobs: await read(
      `select id, owner_id, created_by, kind, credits, status, style_id from generation_jobs order by id`,
    ),
    events: await read(`select id, ${names.owner} as workspace, type, data from ${names.events} order by id`),
    versions: await read(`select ${names.owner} as workspace, version from ${names.versions} order by 1`),
  };
}

const before = { balances: "users", events: "user_events", versions: "user_data_versions", owner: "user_id" };
const after = {
  balances: "workspace_balances",
  events: "workspace_events",
  versions: "workspace_data_versions",
  owner: "workspace_id",
};

describe.each(places)("upgrading to the workspace names on $name", { timeout: 120_000 }, ({ make }) => {
  const made: Place[] = [];
  afterAll(async () => {
    for (const place of made) await place.remove();
  });

  it("keeps every balance, ledger line, purchase, job, event and data version, and the triggers keep working", async () => {
    const place = await make();
    made.push(place);
    const oldMigrations = migrationsUpTo(RENAMING_MIGRATION);
    const old = await place.open(oldMigrations);
    let kept: Awaited<ReturnType<typeof snapshot>>;
    try {
      for (const statement of previousReleaseRows) await old.db.execute(sql.raw(statement));
      kept = await snapshot(old.db, before);
    } finally {
      await old.close();
      rmSync(oldMigrations, { recursive: true, force: true });
    }
    // The rows are really there: a test of an empty database would prove nothing.
    expect(kept.balances).toHaveLength(3);
    expect(kept.ledger).toHaveLength(5);
    expect(kept.versions.map((v) => v.workspace)).toEqual(["ann", "studio"]);

    const upgraded = await place.open();
    try {
      expect(await snapshot(upgraded.db, after)).toEqual(kept);
      const oldTables = await queryRows<{ name: string }>(
        upgraded.db,
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_name in ('users', 'user_events', 'user_data_versions')`,
      );
      expect(oldTables).toEqual([]);

      // A new team still gets its balance row, and a change still grows its workspace's data version.
      await upgraded.db.execute(sql`insert into teams (id, name, created_by) values ('guild', 'Guild', 'bob')`);
      const [guild] = await queryRows<{ credits: number }>(
        upgraded.db,
        sql`select credits from workspace_balances where id = 'guild'`,
      );
      expect(guild).toEqual({ credits: 0 });
      const versionOf = async () =>
        (
          await queryRows<{ version: number }>(
            upgraded.db,
            sql`select version::int as version from workspace_data_versions where workspace_id = 'studio'`,
          )
        )[0]?.version;
      const was = await versionOf();
      await upgraded.db.execute(sql`update styles set name = 'Pixel heroes 2' where id = 'style-studio'`);
      expect(await versionOf()).toBe(was! + 1);
    } finally {
      await upgraded.close();
    }
  });
});
