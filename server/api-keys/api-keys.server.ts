import { and, count, desc, eq, isNull } from "drizzle-orm";
import { accountDisabledMessage } from "#domain/audit";
import { AppError } from "#domain/errors";
import { API_KEYS_MAX, apiKeyMessages, type ApiKeyView, type CreateApiKeyInput } from "#domain/api-keys";
import type { WebhookDeliveryView } from "#domain/webhooks";
import { hashToken, randomToken } from "../auth/tokens.server";
import { monthStart, spentSince } from "../credits/key-spending.server";
import type { Database } from "../db/client.server";
import { apiKeys, authUsers, workspaceBalances } from "../db/schema";
import { newId } from "../ids.server";
import { lastDeliveries } from "../webhooks/deliveries.server";

/** What every secret starts with, so a leaked one is easy to recognise (and to scan for). */
export const KEY_PREFIX = "mtf_";
/** What a webhook signing secret starts with. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
const SHOWN_CHARACTERS = 8;
/** `last_used_at` is written at most this often per key: one write a minute, not one a request. */
const LAST_USED_RESOLUTION_MS = 60_000;

type ApiKeyRow = typeof apiKeys.$inferSelect;

function present(row: ApiKeyRow, spentThisMonth: number, lastDelivery: WebhookDeliveryView | null = null): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    monthlyCreditCap: row.monthlyCreditCap,
    spentThisMonth,
    webhookUrl: row.webhookUrl,
    lastDelivery,
  };
}

const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomToken()}`;

/**
 * Makes a key; the secret is returned this once and never stored. With a webhook URL
 * (checked by the caller) the key also gets a webhook signing secret, returned this once too.
 */
export async function createApiKey(
  db: Database,
  options: { userId: string; workspaceId?: string; input: CreateApiKeyInput },
): Promise<{ key: ApiKeyView; secret: string; webhookSecret: string | null }> {
  const { input } = options;
  const secret = `${KEY_PREFIX}${randomToken()}`;
  const webhookUrl = input.webhookUrl ?? null;
  const webhookSecret = webhookUrl ? newWebhookSecret() : null;
  const row = await db.transaction(async (tx) => {
    // One at a time per user, so the count below cannot be raced past.
    await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, options.userId)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= API_KEYS_MAX) throw new AppError("conflict", apiKeyMessages.tooMany);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id: newId(),
        userId: options.userId,
        workspaceId: options.workspaceId ?? options.userId,
        name: input.name,
        prefix: secret.slice(0, KEY_PREFIX.length + SHOWN_CHARACTERS),
        secretHash: hashToken(secret),
        monthlyCreditCap: input.monthlyCreditCap ?? null,
        expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
        webhookUrl,
        webhookSecret,
      })
      .returning();
    return inserted!;
  });
  return { key: present(row, 0), secret, webhookSecret };
}

/**
 * Sets or clears a key's webhook URL (checked by the caller). A key that had no webhook
 * gets a new signing secret, returned this once; changing the URL keeps the secret,
 * and clearing it drops the secret, so setting one again makes a fresh one.
 */
export async function setApiKeyWebhook(
  db: Database,
  options: { userId: string; keyId: string; webhookUrl: string | null },
): Promise<{ key: ApiKeyView; webhookSecret: string | null }> {
  const owned = and(eq(apiKeys.id, options.keyId), eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt));
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(apiKeys).where(owned).for("update");
    if (!current) throw new AppError("not_found", "No such API key.");
    const webhookSecret = options.webhookUrl ? (current.webhookSecret ?? newWebhookSecret()) : null;
    const [updated] = await tx
      .update(apiKeys)
      .set({ webhookUrl: options.webhookUrl, webhookSecret })
      .where(eq(apiKeys.id, current.id))
      .returning();
    return { updated: updated!, made: webhookSecret !== null && webhookSecret !== current.webhookSecret };
  });
  const delivered = await lastDeliveries(db, [row.updated.id]);
  const view = present(
    row.updated,
    await spentSince(db, row.updated.id, monthStart()),
    delivered.get(row.updated.id) ?? null,
  );
  return { key: view, webhookSecret: row.made ? row.updated.webhookSecret : null };
}

/** The user's keys that are not revoked (those for one workspace, when given), newest first, with what each spent this month. */
export async function listApiKeys(db: Database, userId: string, workspaceId?: string): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        workspaceId ? eq(apiKeys.workspaceId, workspaceId) : undefined,
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
  const since = monthStart();
  const delivered = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) => present(row, await spentSince(db, row.id, since), delivered.get(row.id) ?? null)),
  );
}

/** Revokes one of the user's keys; another user's key is "not found". */
export async function revokeApiKey(db: Database, options: { userId: string; keyId: string }): Promise<void> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!revoked) throw new AppError("not_found", "No such API key.");
}

/** The user a bearer secret acts as, or a 401 saying why not. */
export async function authenticateApiKey(
  db: Database,
  secret: string,
): Promise<{ user: { id: string; email: string; hasRecord: boolean }; keyId: string; workspaceId: string }> {
  if (!secret.startsWith(KEY_PREFIX)) throw new AppError("unauthorized", apiKeyMessages.invalid);
  const [row] = await db
    .select({ key: apiKeys, email: authUsers.email, disabledAt: authUsers.disabledAt, recordId: workspaceBalances.id })
    .from(apiKeys)
    .innerJoin(authUsers, eq(authUsers.id, apiKeys.userId))
    .leftJoin(workspaceBalances, eq(workspaceBalances.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, hashToken(secret)));
  if (!row) throw new AppError("unauthorized", apiKeyMessages.invalid);
  const { key } = row;
  if (row.disabledAt) throw new AppError("unauthorized", accountDisabledMessage);
  if (key.revokedAt) throw new AppError("unauthorized", apiKeyMessages.revoked);
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
    throw new AppError("unauthorized", apiKeyMessages.expired);
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id));
  }
  return {
    user: { id: key.userId, email: row.email, hasRecord: row.recordId !== null },
    keyId: key.id,
    workspaceId: key.workspaceId,
  };
}
