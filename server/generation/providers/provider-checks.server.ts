import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { unreachableModelMessage } from "#domain/models";
import type { Database } from "../../db/client.server";
import { providerChecks } from "../../db/schema";
import type { ImageProvider } from "./provider";

export interface ProviderCheckRecord {
  provider: string;
  model: string;
  ok: boolean;
  message: string;
  checkedAt: Date;
}

type Reader = Pick<Database, "select">;

/** Keeps a check's outcome for every process: the last one of each provider wins. */
export async function recordProviderCheck(
  db: Database,
  check: { provider: string; model: string; ok: boolean; message: string },
): Promise<void> {
  const row = { ...check, message: check.ok ? "" : check.message, checkedAt: new Date() };
  await db.insert(providerChecks).values(row).onConflictDoUpdate({ target: providerChecks.provider, set: row });
  forget(db);
}

/** The last check of every provider ever checked here. */
export function lastProviderChecks(db: Reader): Promise<ProviderCheckRecord[]> {
  return db.select().from(providerChecks);
}

/** How long a process reuses what it read: the app's pages ask on every view. */
const FRESH_FOR_MS = 5_000;
const recent = new WeakMap<object, { at: number; failed: Promise<Map<string, ProviderCheckRecord>> }>();
const forget = (db: object) => recent.delete(db);

/**
 * The providers whose last check failed, by id, as read at most a few seconds ago. A check
 * made for another model (the operator changed it since) says nothing of this one.
 */
export async function failedProviderChecks(db: Reader): Promise<ReadonlyMap<string, ProviderCheckRecord>> {
  const known = recent.get(db);
  if (known && Date.now() - known.at < FRESH_FOR_MS) return known.failed;
  const failed = db
    .select()
    .from(providerChecks)
    .where(eq(providerChecks.ok, false))
    .then((rows) => new Map(rows.map((row) => [row.provider, row])));
  recent.set(db, { at: Date.now(), failed });
  failed.catch(() => forget(db));
  return failed;
}

export function failedCheckOf(
  failed: ReadonlyMap<string, ProviderCheckRecord>,
  provider: Pick<ImageProvider, "id" | "model">,
): ProviderCheckRecord | undefined {
  const check = failed.get(provider.id);
  return check && check.model === provider.model ? check : undefined;
}

/**
 * Refuses a paid job for a model whose last connection check failed, inside the job's own
 * transaction: nothing is charged for images that cannot be made.
 */
export async function assertProviderReachable(
  db: Reader,
  provider: Pick<ImageProvider, "id" | "model" | "label">,
): Promise<void> {
  const [failed] = await db
    .select({ model: providerChecks.model, message: providerChecks.message })
    .from(providerChecks)
    .where(and(eq(providerChecks.provider, provider.id), eq(providerChecks.ok, false)));
  if (failed && failed.model === provider.model) {
    throw new AppError("conflict", `${unreachableModelMessage(provider.label)} Nothing was charged.`, {
      field: "model",
      model: provider.id,
      reason: failed.message,
    });
  }
}
