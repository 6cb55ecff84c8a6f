import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { images } from "#server/db/schema";
import type { TestDatabase } from "./databases";
import { createStyleThroughApi, grantCredits, json, runJob, submitObjects } from "./factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "./test-server";

/** A signed-in person of the walk: their session, an API key of theirs and its id. */
export interface WalkCaller {
  userId: string;
  cookie: string;
  key: string;
  keyId: string;
}

/** What a walk over every documented operation calls with; filled in by `beforeAll`. */
export interface DocumentWalk {
  database: DatabaseHandle;
  server: ApiTestServer;
  /** ann@example.com: owns every record the walk names. */
  owner: WalkCaller;
  /** bob@example.com: another workspace, to call the owner's records with. */
  other: WalkCaller;
  /** A record of the owner's for each path parameter's kind (styles, objects, jobs, keys, images…). */
  ids: Record<string, string>;
}

/**
 * Registers a suite's `beforeAll`/`afterAll` for walking the OpenAPI document: the API with no
 * rate limit in the way and no queue, two people with credits and keys, and the owner's style
 * and one object with one image, whose ids fill the paths. `env` adds settings.
 */
export function setUpDocumentWalk(target: TestDatabase, env: Record<string, string> = {}): DocumentWalk {
  const walk = { ids: {} } as DocumentWalk;
  beforeAll(async () => {
    walk.database = await target.open();
    walk.server = await startApiServer(
      walk.database,
      {
        SIGNIN_LIMIT_PER_IP: "100000",
        SIGNIN_LIMIT_PER_EMAIL: "100000",
        API_KEY_REQUESTS_PER_MINUTE: "100000",
        ...env,
      },
      { queue: noQueue },
    );
    const caller = async (email: string): Promise<WalkCaller> => {
      const { userId, cookie } = await signInThroughApi(walk.server, email);
      await grantCredits(walk.database.db, userId, 1_000_000);
      const made = await json<{ secret: string; key: { id: string } }>(
        await walk.server.call("/api/keys", { method: "POST", cookie, json: { name: "Walk" } }),
      );
      return { userId, cookie, key: made.secret, keyId: made.key.id };
    };
    walk.owner = await caller("ann@example.com");
    walk.other = await caller("bob@example.com");
    const { styleId } = await createStyleThroughApi(walk.server, walk.owner.cookie);
    // Opaque: the walk's edits and background removals then have work to do.
    const set = await submitObjects(walk.server, walk.owner.cookie, {
      styleId,
      subjects: ["Lamp"],
      transparent: false,
    });
    await runJob(walk.server, set.job.id);
    const objectId = set.objects[0]!.id;
    const [image] = await walk.database.db.select().from(images).where(eq(images.objectId, objectId));
    Object.assign(walk.ids, {
      styles: styleId,
      objects: objectId,
      jobs: set.job.id,
      keys: walk.owner.keyId,
      images: image!.id,
      imageId: image!.id,
      coverImageId: image!.id,
      workspaceId: walk.owner.userId,
      reference: "no-such-reference",
    });
  }, 120_000);
  afterAll(async () => {
    await walk.server?.close();
    await walk.database?.close();
  });
  return walk;
}

/** The order a walk calls operations in: what ends the caller's session or account comes last. */
export const walkOrder = (method: string, path: string) =>
  path === "/api/users/user" ? 3 : path === "/api/auth/token" && method === "delete" ? 2 : method === "delete" ? 1 : 0;
