// What the credits-and-jobs tests share: the style they submit and its samples' price, the sum of
// a user's ledger, and, on the database and files folder a describe opens, a submitted style job
// and the engine's context to run it.
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "#server/db/client.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { createStyleWithSamples, samplesJobPrice, type NewStyleInput } from "#server/styles/style-samples.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { createDiskStorage } from "#server/storage/storage.server";
import { createUser } from "../support/factories";

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
    sql`select coalesce(sum(delta), 0) as total from credit_ledger where user_id = ${userId}`,
  );
  return Number(row!.total);
}

/** `submitted` and `context` on the database and files folder the describe's `beforeAll` opened. */
export function jobsOn(opened: () => { handle: DatabaseHandle; filesDir: string }) {
  /** A user with `credits`, and one submitted (charged, queued) style job. */
  async function submitted(credits = 100) {
    const { handle } = opened();
    const userId = await createUser(handle, credits);
    const { job, style } = await createStyleWithSamples(handle.db, {
      userId,
      style: styleInput,
      provider: createOfflineProvider(),
    });
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

  return { submitted, context };
}
