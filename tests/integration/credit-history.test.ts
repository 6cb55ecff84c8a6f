import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCreditHistory } from "#server/credits/history.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { cancelJob } from "#server/generation/lifecycle.server";
import { activeSampleJobIds } from "#server/styles/style-samples.server";
import { describeCreditEntry, type CreditHistoryEntry } from "#domain/credit-history";
import { testDatabases } from "../support/databases";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe("credit history", () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;

  const signIn = (email: string) => signInThroughApi(server, email);

  async function history(cookie: string, query = "") {
    const response = await server.call(`/api/users/me/credits${query}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as { entries: CreditHistoryEntry[]; nextBefore: number | null };
  }

  async function createStyle(cookie: string, name: string) {
    const form = new FormData();
    form.set("name", name);
    form.set("description", "Flat icons, warm colours");
    form.set("defaultDetail", "draft");
    const response = await server.call("/api/styles", { method: "POST", body: form, cookie });
    return ((await response.json()) as { style: { id: string } }).style.id;
  }

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    // No worker runs here: jobs stay queued until a test ends them.
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("lists every change of the balance, newest first, naming the style", async () => {
    const { cookie, userId } = await signIn("history@example.com");
    const styleId = await createStyle(cookie, "Warm icons");
    const [jobId] = await activeSampleJobIds(database.db, { workspaceId: userId, styleId });
    await cancelJob({ db: database.db }, { workspaceId: userId, jobId: jobId! });

    const { entries, nextBefore } = await history(cookie);
    expect(nextBefore).toBeNull();
    expect(entries.map((e) => [describeCreditEntry(e), e.delta, e.balanceAfter])).toEqual([
      ["Refund: Sample images for “Warm icons” (4 of 4 images not made)", 12, 100],
      ["Sample images for “Warm icons”", -12, 88],
      ["Sign-up credits", 100, 100],
    ]);
    // The sum of the history is the balance.
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(100);

    // A deleted style's lines stay, still saying what was made.
    await server.call(`/api/styles/${styleId}`, { method: "DELETE", cookie });
    const after = await history(cookie);
    expect(after.entries.map(describeCreditEntry)).toEqual([
      "Refund: Sample images for “Warm icons” (4 of 4 images not made)",
      "Sample images for “Warm icons”",
      "Sign-up credits",
    ]);
  });

  it("pages back with `before`, and shows each user only their own lines", async () => {
    const ann = await signIn("pages@example.com");
    for (const name of ["One", "Two", "Three"]) await createStyle(ann.cookie, name);
    const first = await listCreditHistory(database.db, { workspaceId: ann.userId, limit: 2 });
    expect(first.entries.map(describeCreditEntry)).toEqual(["Sample images for “Three”", "Sample images for “Two”"]);
    const second = await history(ann.cookie, `?before=${first.nextBefore}`);
    expect(second.entries.map(describeCreditEntry)).toEqual(["Sample images for “One”", "Sign-up credits"]);

    const bob = await signIn("other@example.com");
    expect((await history(bob.cookie)).entries.map(describeCreditEntry)).toEqual(["Sign-up credits"]);
    expect((await server.call("/api/users/me/credits")).status).toBe(401);
    expect((await server.call("/api/users/me/credits?before=abc", { cookie: bob.cookie })).status).toBe(400);
  });
});
