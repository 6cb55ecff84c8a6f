// Isolation, walked from the OpenAPI document: every operation, called by people who must not reach
// the records of an owner's team workspace (another account's session and key, a member removed from
// the team, with and without naming it, a member of another team working there, nobody) with the owner's ids in its path, query and body. None may succeed on them, no answer may
// carry anything of the owner's, and nothing of the owner's may change. A new operation is walked
// without a line here; one with a new kind of id in its path fails until the walk knows that kind.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { images, trainings } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, grantCredits, json, runJob, submitObjects } from "../support/factories";
import {
  documentedOperations,
  fillRecordPath,
  resolved,
  sampleOf,
  type Schema,
} from "../support/openapi-request-values";
import { noQueue, signInThroughApi, startApiServer, tokenFromLink, type ApiTestServer } from "../support/test-server";

/** What ends the caller's session or account: walked last, so every other operation is walked signed in. */
const LAST = (method: string, path: string) =>
  path === "/api/users/user" ? 2 : path === "/api/auth/token" && method === "delete" ? 1 : 0;
/** Path parameters that name no one's record: the sign-in provider. */
const NOT_A_RECORD = new Set(["provider"]);
/** Lists whose query filters by a record: another's record filters to an empty page (the leak check holds). */
const LIST_FILTERS = new Set(["GET /api/objects"]);
/** Body and query fields that carry a record's id, by the kind of record. */
const ID_FIELDS: Record<string, string> = {
  styleId: "styles",
  objectId: "objects",
  jobId: "jobs",
  setId: "jobs",
  imageId: "images",
  userId: "users",
  ids: "objects",
  characterId: "characters",
  imageIds: "images",
};

/** An answer's text; of an event stream, what it sends first (its opening events), then it is closed. */
async function answerText(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response.text();
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

describe.each(testDatabases)("isolation, walked from the OpenAPI document on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  const ids: Record<string, string> = {};
  /** Every string of the owner's an outsider must never read. */
  const secrets: string[] = [];
  const callers: { name: string; headers: Record<string, string> }[] = [];
  let ownerCookie = "";
  /** The owner in their own workspace, where their key was made. */
  let ownerOwnCookie = "";

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(
      database,
      { SIGNIN_LIMIT_PER_IP: "100000", API_KEY_REQUESTS_PER_MINUTE: "100000" },
      { queue: noQueue },
    );
    const owner = await signInThroughApi(server, "isolated-owner@example.com");
    await grantCredits(database.db, owner.userId, 10_000);
    ownerOwnCookie = owner.cookie;
    const keyOf = async (cookie: string) =>
      json<{ secret: string; key: { id: string } }>(
        await server.call("/api/keys", { method: "POST", cookie, json: { name: "Walk" } }),
      );
    const ownerKey = await keyOf(owner.cookie);
    // The owner's records are made in their team's workspace, paid from its balance: what is walked
    // is the team's, so a member of another team and a removed member are walked against it.
    const { team } = await json<{ team: { id: string } }>(
      await server.call("/api/teams", { method: "POST", cookie: owner.cookie, json: { name: "Sealed Studio" } }),
    );
    await grantCredits(database.db, team.id, 10_000);
    ownerCookie = `${owner.cookie}; motif_workspace=${team.id}`;
    const { styleId } = await createStyleThroughApi(server, ownerCookie);
    const set = await submitObjects(server, ownerCookie, { styleId, subjects: ["Lighthouse"] });
    await runJob(server, set.job.id);
    const [image] = await database.db.select().from(images).where(eq(images.objectId, set.objects[0]!.id));

    // A colleague who was in the team, and was removed.
    const removed = await signInThroughApi(server, "isolated-removed@example.com");
    await server.call(`/api/teams/${team.id}/invitations`, {
      method: "POST",
      cookie: owner.cookie,
      json: { email: "isolated-removed@example.com" },
    });
    // The invitation is sent in the background: wait for it.
    while (server.mailer.sent.at(-1)?.to !== "isolated-removed@example.com")
      await new Promise((r) => setTimeout(r, 10));
    const token = tokenFromLink(server.mailer.sent.at(-1)!.link!);
    expect(
      (await server.call("/api/invitations/accept", { method: "POST", cookie: removed.cookie, json: { token } }))
        .status,
    ).toBe(200);
    expect(
      (await server.call(`/api/teams/${team.id}/members/${removed.userId}`, { method: "DELETE", cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const { invitation } = await json<{ invitation: { id: string } }>(
      await server.call(`/api/teams/${team.id}/invitations`, {
        method: "POST",
        cookie: owner.cookie,
        json: { email: "isolated-pending@example.com" },
      }),
    );

    const stranger = await signInThroughApi(server, "isolated-stranger@example.com");
    const strangerKey = await keyOf(stranger.cookie);
    // Someone in a team of their own, working there.
    const other = await signInThroughApi(server, "isolated-other-team@example.com");
    const { team: otherTeam } = await json<{ team: { id: string } }>(
      await server.call("/api/teams", { method: "POST", cookie: other.cookie, json: { name: "Other Studio" } }),
    );
    await grantCredits(database.db, otherTeam.id, 1_000);
    // A character of the team's, its picture, and a training whose weights Motif kept.
    const { character } = await json<{ character: { id: string; pictures: { id: string }[] } }>(
      await server.call("/api/characters", {
        method: "POST",
        cookie: ownerCookie,
        json: { name: "Keeper Oona", imageIds: [image!.id] },
      }),
    );
    const weightsKey = `users/${team.id}/characters/${character.id}/trainings/trn_sealed/weights.safetensors`;
    await server.services.storage.put(weightsKey, Buffer.from("weights-of-the-owner"), "application/octet-stream");
    await database.db.insert(trainings).values({
      id: "trn_sealed",
      ownerId: team.id,
      learns: "character",
      characterId: character.id,
      provider: "fal",
      preset: "quick",
      steps: 500,
      triggerWord: "keeperoona",
      pictureCount: 5,
      credits: 300,
      status: "running",
      providerRef: "fal-ai/flux-lora-fast-training|sealed",
      weightsKey,
    });
    Object.assign(ids, {
      characters: character.id,
      trainings: "trn_sealed",
      picture: character.pictures[0]!.id,
      pictureId: character.pictures[0]!.id,
      styles: styleId,
      objects: set.objects[0]!.id,
      jobs: set.job.id,
      keys: ownerKey.key.id,
      images: image!.id,
      reference: image!.id,
      teams: team.id,
      users: owner.userId,
      invitationId: invitation.id,
      userId: owner.userId,
      referenceId: "ref-of-the-owner",
      deliveryId: "delivery-of-the-owner",
    });
    secrets.push(styleId, set.objects[0]!.id, set.job.id, ownerKey.key.id, image!.id, team.id, "Sealed Studio");
    secrets.push("isolated-owner@example.com");
    secrets.push(
      character.id,
      character.pictures[0]!.id,
      "trn_sealed",
      "Keeper Oona",
      "keeperoona",
      "weights-of-the-owner",
    );
    callers.push(
      { name: "another account's session", headers: { cookie: stranger.cookie } },
      { name: "another account's key", headers: { authorization: `Bearer ${strangerKey.secret}` } },
      { name: "a removed member", headers: { cookie: removed.cookie } },
      {
        name: "a removed member naming the team",
        headers: { cookie: `${removed.cookie}; motif_workspace=${team.id}` },
      },
      { name: "a member of another team", headers: { cookie: `${other.cookie}; motif_workspace=${otherTeam.id}` } },
      { name: "nobody", headers: {} },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** The path with the owner's record for each parameter (`{id}` by the segment before it). */
  const fill = (path: string) =>
    fillRecordPath(path, (kind, name) => {
      if (NOT_A_RECORD.has(name)) return "github";
      const value = ids[kind];
      if (!value) throw new Error(`The walk has no record of the owner for {${name}} in ${path}: add one to \`ids\`.`);
      return value;
    });

  /** A valid body for the operation, with the owner's ids wherever a field names a record. */
  function bodyFor(schema: Schema | undefined): unknown {
    const body = sampleOf(schema);
    if (!body || typeof body !== "object" || Array.isArray(body)) return body;
    const properties = (resolved(schema).properties ?? {}) as Record<string, Schema>;
    const withIds: Record<string, unknown> = { ...(body as object) };
    for (const [field, kind] of Object.entries(ID_FIELDS)) {
      if (!(field in properties)) continue;
      withIds[field] = resolved(properties[field]).type === "array" ? [ids[kind]] : ids[kind];
    }
    return withIds;
  }

  it("lets nobody outside reach, read or change the owner's records through any operation", async () => {
    const operations = documentedOperations().sort((a, b) => LAST(a.method, a.path) - LAST(b.method, b.path));
    const leaks: string[] = [];
    let walked = 0;
    const statuses = new Map<number, number>();
    for (const { method, path, operation } of operations) {
      const schema = operation.requestBody?.content["application/json"]?.schema;
      const body = method === "get" || method === "delete" ? undefined : schema ? bodyFor(schema) : undefined;
      const query = new URLSearchParams();
      for (const p of operation.parameters ?? [])
        if (p.in === "query" && ID_FIELDS[p.name]) query.set(p.name, ids[ID_FIELDS[p.name]!]!);
      const url = `${fill(path)}${query.size ? `?${query}` : ""}`;
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const sent = JSON.stringify(body ?? null);
      const namesRecord =
        names.some((name) => !NOT_A_RECORD.has(name)) ||
        (query.size > 0 && !LIST_FILTERS.has(`${method.toUpperCase()} ${path}`)) ||
        Object.values(ids).some((id) => sent.includes(id));
      for (const caller of callers) {
        const response = await server.call(url, {
          method: method.toUpperCase(),
          redirect: "manual",
          headers: {
            ...caller.headers,
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            ...(method === "post" ? { "idempotency-key": `walk-${walked}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        walked++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = await answerText(response);
        const label = `${method.toUpperCase()} ${path} as ${caller.name} → ${response.status}`;
        const seen = secrets.filter((secret) => text.includes(secret));
        if (seen.length > 0) leaks.push(`${label}: the answer carries ${seen.join(", ")}`);
        if (namesRecord && response.status < 400) leaks.push(`${label}: it succeeded on the owner's record`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk was made signed in: a refusal for want of a session would prove nothing.
    expect(statuses.get(401) ?? 0).toBeLessThan(walked / 2);
    expect(walked).toBeGreaterThan(operations.length * 3);

    // And nothing of the owner's changed.
    for (const [path, status] of [
      [`/api/styles/${ids.styles}`, 200],
      [`/api/objects/${ids.objects}`, 200],
      [`/api/jobs/${ids.jobs}`, 200],
      [`/api/teams/${ids.teams}`, 200],
      [`/api/characters/${ids.characters}`, 200],
      [`/api/files/picture/${ids.picture}`, 200],
      [`/api/trainings/${ids.trainings}/weights`, 200],
    ] as const) {
      expect((await server.call(path, { cookie: ownerCookie })).status, path).toBe(status);
    }
    // The owner's key is still listed (a revoked key is not).
    // The team's training runs on, as it was: nobody outside cancelled it.
    const training = await json<{ training: { status: string } }>(
      await server.call(`/api/trainings/${ids.trainings}`, { cookie: ownerCookie }),
    );
    expect(training.training.status).toBe("running");
    const keys = await json<{ keys: { id: string }[] }>(await server.call("/api/keys", { cookie: ownerOwnCookie }));
    expect(keys.keys.map((k) => k.id)).toContain(ids.keys);
  }, 300_000);
});
