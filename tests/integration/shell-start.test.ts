// A signed-in document's first read: where its workspace stands and its shell's data (the
// announcement the console stored, the person's teams) in one statement; a data request's shell
// read alone (decision 147). Each agrees with the reads it stands for. On both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InstanceSettings } from "#domain/instance-settings";
import type { DatabaseHandle } from "#server/db/client.server";
import { instanceSettings, teams } from "#server/db/schema";
import { latestEventId } from "#server/events/events.server";
import { readInstanceSettings } from "#server/instance/instance-settings.server";
import { listTeams } from "#server/teams/teams.server";
import { announcementInForce, readDocumentStart, readShell } from "#server/ui/shell-start.server";
import { readDataVersion } from "#server/users/data-version.server";
import { getProfile } from "#server/users/users.server";
import { testDatabases } from "../support/databases";
import { createTeam, createUser, insertStyle } from "../support/factories";

const defaults: InstanceSettings = {
  signupPolicy: "open",
  signupDomains: [],
  signupGrant: 100,
  announcement: "From the environment",
};

describe.each(testDatabases)("a signed-in document's first read, on $name", (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Where `workspaceId` stands, each figure read on its own. */
  async function positionReadApart(workspaceId: string, userId: string) {
    const profile = await getProfile({ db: database.db, userId, workspaceId });
    return {
      newestEventId: await latestEventId(database.db, workspaceId),
      dataVersion: await readDataVersion(database.db, workspaceId),
      balance: { credits: profile!.credits, creditsVersion: profile!.creditsVersion },
    };
  }

  it("reads the workspace's position and the shell's announcement and teams, as their own reads do", async () => {
    const { db } = database;
    const person = await createUser(database, 30);
    const colleague = await createUser(database, 0);
    await insertStyle(db, { ownerId: person });

    const alone = await readDocumentStart(db, { workspaceId: person, userId: person });
    expect(alone).toEqual({
      position: await positionReadApart(person, person),
      shell: { storedAnnouncement: null, teams: [] },
    });
    expect(alone.position.balance.credits).toBe(30);
    expect(announcementInForce(alone.shell, defaults)).toBe("From the environment");
    expect(alone.position.dataVersion).toBeGreaterThan(0);
    expect(announcementInForce(alone.shell, defaults)).toBe(
      (await readInstanceSettings(db, defaults)).settings.announcement,
    );

    // Two teams of theirs (one they joined, one they made), and one they are not in.
    const first = await createTeam(db, { ownerId: colleague, members: [{ userId: person }], credits: 12 });
    const second = await createTeam(db, { ownerId: person });
    await db.update(teams).set({ name: 'Ünïcode & "quotes"' }).where(eq(teams.id, second));
    await createTeam(db, { ownerId: colleague });
    await db
      .insert(instanceSettings)
      .values({ name: "announcement", value: "Maintenance at 18:00", updatedBy: colleague });

    const inTeam = await readDocumentStart(db, { workspaceId: first, userId: person });
    const teamsListed = (await listTeams(db, person)).map(({ id, name }) => ({ id, name }));
    expect(teamsListed.map((team) => team.id).sort()).toEqual([first, second].sort());
    expect(inTeam).toEqual({
      position: await positionReadApart(first, person),
      shell: { storedAnnouncement: "Maintenance at 18:00", teams: teamsListed },
    });
    expect(inTeam.position.balance.credits).toBe(12);
    expect(announcementInForce(inTeam.shell, defaults)).toBe(
      (await readInstanceSettings(db, defaults)).settings.announcement,
    );
    expect(inTeam.shell.teams.map((team) => team.name)).toContain('Ünïcode & "quotes"');
    expect(await readShell(db, person)).toEqual(inTeam.shell);
    expect(await readShell(db, colleague)).toEqual({
      storedAnnouncement: "Maintenance at 18:00",
      teams: (await listTeams(db, colleague)).map(({ id, name }) => ({ id, name })),
    });
  });
});
