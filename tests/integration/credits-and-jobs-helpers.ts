// What the credits-and-jobs tests share: the style they submit and its samples' price, the sum of
// a user's ledger, and, on the database and files folder a describe opens, a submitted style job
// and the engine's context to run it.
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { queryRows, type DatabaseHandle } from "#server/db/client.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { insertStyleWithSamples, samplesJobPrice, type NewStyleInput } from "#server/styles/style-samples.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { createDiskStorage } from "#server/storage/storage.server";
import type { TestDatabase } from "../support/databases";
import { createUser, personalActor } from "../support/factories";

export const styleInput: NewStyleInput = {
  name: "Flat icons",
  description: "Flat vector icons, warm amber and teal",
  source: "text",
  prompt: "Flat vector icons.",
  palette: ["#f4a23c", "#2a9d8f"],
  seed: 7,
  defaultSize: "square",
  defaultDetail: "draft",
  defaultTransparent: true,
};
export const PRICE = samplesJobPrice({ size: "square", detail: "draft" }); // 4 × 3 = 12

export async function ledgerSum(handle: DatabaseHandle, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    handle.db,
    sql`select coalesce(sum(delta), 0) as total from credit_ledger where workspace_id = ${userId}`,
  );
  return Number(row!.total);
}

/**
 * Registers the describe's hooks (a database on `target` and a files folder, closed and removed
 * afterwards) and answers them, with `submitted` and `context` on them. Read `handle` and `filesDir`
 * inside tests: `beforeAll` fills them in.
 */
export function jobsOn(target: TestDatabase) {
  const state = {} as { handle: DatabaseHandle; filesDir: string };
  beforeAll(async () => {
    state.handle = await target.open();
    state.filesDir = mkdtempSync(path.join(tmpdir(), "motif-jobs-"));
  });
  afterAll(async () => {
    await state.handle?.close();
    if (state.filesDir) rmSync(state.filesDir, { recursive: true, force: true });
  });
  const opened = () => state;
  /** A user with `credits`, and one submitted (charged, queued) style job. */
  async function submitted(credits = 100) {
    const { handle } = opened();
    const userId = await createUser(handle, credits);
    const { job, style } = await handle.db.transaction((tx) =>
      insertStyleWithSamples(tx, {
        actor: personalActor(userId),
        style: styleInput,
        provider: createOfflineProvider(),
      }),
    );
    return { userId, job, style };
  }

  const context = (provider: ImageProvider, extra = {}) => ({
    db: opened().handle.db,
    storage: createDiskStorage(opened().filesDir),
    providers: providerRegistry([provider]),
    maxAttempts: 3,
    backoffMs: () => 5,
    ...extra,
  });

  return {
    submitted,
    context,
    get handle() {
      return state.handle;
    },
    get filesDir() {
      return state.filesDir;
    },
  };
}
