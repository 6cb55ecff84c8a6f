import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { authUsers, objects, workspaceDataVersions } from "#server/db/schema";
import { grantCreditsWithin } from "#server/credits/ledger.server";
import type { Database } from "#server/db/client.server";
import { latestEventId, publishUserEvent } from "#server/events/events.server";
import { readDocumentStart } from "#server/ui/shell-start.server";
import { PersonalData, readDataVersion } from "#server/users/data-version.server";
import { getProfile } from "#server/users/users.server";
import { testDatabases } from "../support/databases";
import {
  createStyleThroughApi,
  createTeam,
  createUser,
  insertObjects,
  insertStyle,
  runJob,
  submitObjects,
} from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

/** Where a person's own workspace stands, as a document reads it before any loader. */
const readWorkspacePosition = async (db: Database, personId: string) =>
  (await readDocumentStart(db, { workspaceId: personId, userId: personId })).position;

/** The balance and its version as `/api/users/me` answers them. */
async function balanceAsProfileReadsIt(db: Database, userId: string) {
  const profile = await getProfile({ db, userId });
  return { credits: profile!.credits, creditsVersion: profile!.creditsVersion };
}

describe.each(testDatabases)("a person's data version, on $name", (target) => {
  const api = setUpSignedInApi(target, "data-version@example.com");

  it("grows with every committed change to their styles, objects, jobs and images, and only theirs", async () => {
    const { db } = api.database;
    const { userId, cookie } = api.user;
    const other = await createUser(api.database, 0);
    const start = await readDataVersion(db, userId);

    const { styleId } = await createStyleThroughApi(api.server, cookie, { name: "Versioned" });
    const afterStyle = await readDataVersion(db, userId);
    expect(afterStyle).toBeGreaterThan(start);

    const set = await submitObjects(api.server, cookie, { styleId, subjects: ["Kettle"] });
    const afterSubmit = await readDataVersion(db, userId);
    expect(afterSubmit).toBeGreaterThan(afterStyle);
    await runJob(api.server, set.job.id);
    const afterImages = await readDataVersion(db, userId);
    expect(afterImages).toBeGreaterThan(afterSubmit);

    const renamed = await api.server.call(`/api/objects/${set.objects[0]!.id}`, {
      method: "PATCH",
      cookie,
      json: { name: "Copper kettle" },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await readDataVersion(db, userId);
    expect(afterRename).toBeGreaterThan(afterImages);

    // Someone else's records move their version, not this person's.
    const theirStyle = await insertStyle(db, { ownerId: other });
    await insertObjects(db, { ownerId: other, styleId: theirStyle, rows: [{ name: "Theirs" }] });
    expect(await readDataVersion(db, userId)).toBe(afterRename);
    expect(await readDataVersion(db, other)).toBeGreaterThan(0);

    const deleted = await api.server.call(`/api/objects/${set.objects[0]!.id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBeLessThan(300);
    expect(await readDataVersion(db, userId)).toBeGreaterThan(afterRename);
  });

  it("does not grow for a change rolled back, and goes with the person", async () => {
    const { db } = api.database;
    const person = await createUser(api.database, 0);
    const styleId = await insertStyle(db, { ownerId: person });
    const version = await readDataVersion(db, person);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(objects).set({ name: "Never" }).where(eq(objects.ownerId, person));
        await insertObjects(tx as unknown as typeof db, { ownerId: person, styleId, rows: [{ name: "Rolled back" }] });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await readDataVersion(db, person)).toBe(version);

    await db.delete(authUsers).where(eq(authUsers.id, person));
    expect(await db.select().from(workspaceDataVersions).where(eq(workspaceDataVersions.workspaceId, person))).toEqual(
      [],
    );
  });

  it("is the workspace's: a team's grows with every member's change to its records, and goes with the team", async () => {
    const { db } = api.database;
    const { userId, cookie } = api.user;
    const teamId = await createTeam(db, { ownerId: userId, credits: 500 });
    const inTeam = `${cookie}; motif_workspace=${teamId}`;
    const own = await readDataVersion(db, userId);
    const start = await readDataVersion(db, teamId);

    // A style with a reference: styles, style_references, its samples job and their images.
    const reference = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    const { styleId } = await createStyleThroughApi(api.server, inTeam, { name: "Team", references: [reference] });
    const afterStyle = await readDataVersion(db, teamId);
    expect(afterStyle).toBeGreaterThan(start);
    // Objects and their job, then their images.
    const set = await submitObjects(api.server, inTeam, { styleId, subjects: ["Lamp"] });
    const afterSubmit = await readDataVersion(db, teamId);
    expect(afterSubmit).toBeGreaterThan(afterStyle);
    await runJob(api.server, set.job.id);
    expect(await readDataVersion(db, teamId)).toBeGreaterThan(afterSubmit);
    // The member who made them keeps their own version: their workspace did not change.
    expect(await readDataVersion(db, userId)).toBe(own);

    const deleted = await api.server.call(`/api/teams/${teamId}`, { method: "DELETE", cookie });
    expect(deleted.status).toBeLessThan(300);
    expect(await db.select().from(workspaceDataVersions).where(eq(workspaceDataVersions.workspaceId, teamId))).toEqual(
      [],
    );
  });

  it("reads a workspace's newest event and data version in one statement, each as stored", async () => {
    const { db } = api.database;
    const person = await createUser(api.database, 0);
    expect(await readWorkspacePosition(db, person)).toEqual({
      newestEventId: 0,
      dataVersion: 0,
      balance: await balanceAsProfileReadsIt(db, person),
    });
    await insertStyle(db, { ownerId: person, name: "Moved" });
    await publishUserEvent(db, { userId: person, type: "job.updated", data: {} });
    const position = await readWorkspacePosition(db, person);
    expect(position.newestEventId).toBeGreaterThan(0);
    const [stored] = await db
      .select({ version: workspaceDataVersions.version })
      .from(workspaceDataVersions)
      .where(eq(workspaceDataVersions.workspaceId, person));
    expect(position).toEqual({
      newestEventId: await latestEventId(db, person),
      dataVersion: stored!.version,
      balance: await balanceAsProfileReadsIt(db, person),
    });
    expect(position.dataVersion).toBeGreaterThan(0);
  });

  it("reads the balance with the position, as the profile reads it, at every change", async () => {
    const { db } = api.database;
    const person = await createUser(api.database, 40);
    const start = (await readWorkspacePosition(db, person)).balance;
    expect(start).toEqual(await balanceAsProfileReadsIt(db, person));
    expect(start.credits).toBe(40);
    await db.transaction((tx) =>
      grantCreditsWithin(tx, { workspaceId: person, amount: 25, reason: "admin_adjust", ref: "data-version" }),
    );
    const after = (await readWorkspacePosition(db, person)).balance;
    expect(after).toEqual(await balanceAsProfileReadsIt(db, person));
    expect(after.credits).toBe(start.credits + 25);
    expect(after.creditsVersion).toBeGreaterThan(start.creditsVersion);
  });

  it("keeps a page's data until the version grows, and reads it anew after", async () => {
    const { db } = api.database;
    const person = await createUser(api.database, 0);
    const styleId = await insertStyle(db, { ownerId: person, name: "Kept" });
    const kept = new PersonalData();
    let reads = 0;
    const names = () =>
      kept.get(db, person, "names", async () => {
        reads++;
        const rows = await db.execute(sql`select name from styles where owner_id = ${person}`);
        return (rows as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
      });
    expect(await names()).toEqual(["Kept"]);
    expect(await names()).toEqual(["Kept"]);
    expect(reads).toBe(1);
    await db.execute(sql`update styles set name = 'Renamed' where id = ${styleId}`);
    expect(await names()).toEqual(["Renamed"]);
    expect(reads).toBe(2);
  });
});

describe("kept page data", () => {
  it("is read anew when the minute changes, and stays within its bound", async () => {
    const clock = { now: 0 };
    const database = await testDatabases[0]!.open();
    try {
      const person = await createUser(database, 0);
      const kept = new PersonalData(2, () => clock.now);
      let reads = 0;
      const read = async () => ++reads;
      expect(await kept.get(database.db, person, "a", read)).toBe(1);
      clock.now = 59_999;
      expect(await kept.get(database.db, person, "a", read)).toBe(1);
      clock.now = 60_000;
      expect(await kept.get(database.db, person, "a", read)).toBe(2);
      // A version the request read already keys the data as the one read here would.
      const version = await readDataVersion(database.db, person);
      expect(await kept.get(database.db, person, "a", read, version)).toBe(2);
      expect(await kept.get(database.db, person, "a", read, version + 1)).toBe(3);
      await kept.get(database.db, person, "b", read);
      await kept.get(database.db, person, "c", read);
      // "a" was the oldest of three with room for two.
      expect(await kept.get(database.db, person, "a", read)).toBe(6);
    } finally {
      await database.close();
    }
  });
});
