// The create page's composer reads a workspace's characters and trained models with the page
// (docs/decisions/146): what it reads, and the data version that keeps the page's data fresh,
// moved by every committed change to a character or a training. On both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { characters, trainings } from "#server/db/schema";
import { newId } from "#server/ids.server";
import { readComposerLearning } from "#server/learning/composer-learning.server";
import { readDataVersion } from "#server/users/data-version.server";
import type { TrainingStatus } from "#domain/training";
import { testDatabases } from "../support/databases";
import { createUser, insertStyle } from "../support/factories";

describe.each(testDatabases)("the composer's learning choices, on $name", (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function addCharacter(ownerId: string, name: string, createdAt = new Date()) {
    const id = newId();
    await database.db.insert(characters).values({ id, ownerId, name, createdAt });
    return id;
  }

  async function addTraining(
    ownerId: string,
    subject: { styleId: string } | { characterId: string },
    provider: string,
    status: TrainingStatus,
  ) {
    const id = newId();
    await database.db.insert(trainings).values({
      id,
      ownerId,
      learns: "styleId" in subject ? "style" : "character",
      ...subject,
      provider,
      preset: "quick",
      steps: 500,
      triggerWord: "mtf",
      pictureCount: 5,
      credits: 300,
      status,
    });
    return id;
  }

  it("lists the workspace's characters, newest first, and the models each style and character was trained on", async () => {
    const { db } = database;
    const owner = await createUser(database, 0);
    const other = await createUser(database, 0);
    const styleId = await insertStyle(db, { ownerId: owner });
    const untrained = await insertStyle(db, { ownerId: owner });
    const knight = await addCharacter(owner, "Sir Brann", new Date(Date.now() - 60_000));
    const fox = await addCharacter(owner, "Fennel the fox");
    await addCharacter(other, "Someone else's");
    await addTraining(owner, { styleId }, "replicate", "succeeded");
    await addTraining(owner, { styleId }, "fal", "succeeded");
    await addTraining(owner, { styleId }, "fal", "succeeded"); // trained twice: named once
    await addTraining(owner, { styleId: untrained }, "fal", "failed");
    await addTraining(owner, { characterId: knight }, "fal", "running");
    await addTraining(owner, { characterId: fox }, "replicate", "succeeded");

    const learning = await readComposerLearning(db, owner);

    expect(learning.characters.map((c) => c.name)).toEqual(["Fennel the fox", "Sir Brann"]);
    expect(learning.characters.find((c) => c.id === fox)?.trainedOn).toEqual(["replicate"]);
    expect(learning.characters.find((c) => c.id === knight)?.trainedOn).toEqual([]);
    expect(learning.styleTrainedOn).toEqual({ [styleId]: ["fal", "replicate"] });
    expect(await readComposerLearning(db, other)).toEqual({
      characters: [expect.objectContaining({ name: "Someone else's", trainedOn: [] })],
      styleTrainedOn: {},
    });
  });

  it("moves the workspace's data version when a character or a training is made, changed or removed", async () => {
    const { db } = database;
    const owner = await createUser(database, 0);
    const styleId = await insertStyle(db, { ownerId: owner });
    const versions = [await readDataVersion(db, owner)];
    const changed = async () => {
      versions.push(await readDataVersion(db, owner));
      return versions.at(-1)! > versions.at(-2)!;
    };

    const characterId = await addCharacter(owner, "Sir Brann");
    expect(await changed()).toBe(true);
    await db.update(characters).set({ name: "Sir Brann the Bold" }).where(eq(characters.id, characterId));
    expect(await changed()).toBe(true);
    const trainingId = await addTraining(owner, { styleId }, "fal", "running");
    expect(await changed()).toBe(true);
    // A training that succeeds: the composer offers its model from the next read of the page.
    await db.update(trainings).set({ status: "succeeded" }).where(eq(trainings.id, trainingId));
    expect(await changed()).toBe(true);
    await db.delete(trainings).where(eq(trainings.id, trainingId));
    expect(await changed()).toBe(true);
    await db.delete(characters).where(eq(characters.id, characterId));
    expect(await changed()).toBe(true);
  });
});
