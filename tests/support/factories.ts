// Small factories for integration tests: users and credits straight in the database,
// styles and objects through the API (and, where a test needs exact control over rows,
// straight in the database), and running a job as a worker would.
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { Actor } from "#domain/actor";
import { eq, sql } from "drizzle-orm";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GenerateObjectsInput, JobView } from "#domain/objects";
import type { DetailLevel, ImageSize } from "#domain/images";
import { queryRows, type Database, type DatabaseHandle } from "#server/db/client.server";
import {
  authUsers,
  creditLedger,
  images,
  objects,
  styles,
  teamMembers,
  teams,
  workspaceBalances,
} from "#server/db/schema";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { newId } from "#server/ids.server";
import { createDiskStorage } from "#server/storage/storage.server";
import type { ApiTestServer } from "./test-server";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

/** A user with `credits` (and the ledger row that gave them), without signing in. */
let emailCounter = 0;
/** An address no other test in the run uses. */
export const uniqueEmail = (label = "user") => `${label}-${Date.now()}-${emailCounter++}@example.com`;

export async function createUser(handle: Pick<DatabaseHandle, "db">, credits: number): Promise<string> {
  const id = unique("user");
  await handle.db.insert(authUsers).values({ id, email: `${id}@example.com` });
  await handle.db.insert(workspaceBalances).values({ id, credits });
  await handle.db
    .insert(creditLedger)
    .values({ workspaceId: id, delta: credits, reason: "signup_grant", ref: id, balanceAfter: credits });
  return id;
}

/**
 * A team owned by `ownerId` with these members (their monthly limits, when given) and `credits`
 * in its balance; its workspace and balance row are made with it (migration 0027's trigger).
 */
export async function createTeam(
  db: Database,
  options: {
    ownerId: string;
    members?: { userId: string; role?: "admin" | "member"; monthlyLimit?: number | null }[];
    credits?: number;
  },
): Promise<string> {
  const id = unique("tm");
  await db.insert(teams).values({ id, name: `Team ${id}`, createdBy: options.ownerId });
  await db.insert(teamMembers).values([
    { teamId: id, userId: options.ownerId, role: "owner" },
    ...(options.members ?? []).map((m) => ({
      teamId: id,
      userId: m.userId,
      role: m.role ?? ("member" as const),
      monthlyLimit: m.monthlyLimit ?? null,
    })),
  ]);
  if (options.credits) await grantCredits(db, id, options.credits);
  return id;
}

/** Adds credits the way an operator would: the balance and its ledger row together. */
export async function grantCredits(db: Database, userId: string, amount: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaceBalances)
      .set({ credits: sql`${workspaceBalances.credits} + ${amount}` })
      .where(eq(workspaceBalances.id, userId))
      .returning({ credits: workspaceBalances.credits });
    await tx.insert(creditLedger).values({
      workspaceId: userId,
      delta: amount,
      reason: "admin_adjust",
      ref: unique("grant"),
      balanceAfter: row!.credits,
    });
    return row!.credits;
  });
}

export async function balanceOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ credits: workspaceBalances.credits })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, userId));
  return row?.credits ?? 0;
}

/** The sum of a user's ledger: always equal to their balance. */
export async function ledgerSum(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`select coalesce(sum(delta), 0) as total from credit_ledger where workspace_id = ${userId}`,
  );
  return Number(row!.total);
}

/** A style row only (no references, no samples): for tests of listing and ownership. */
export async function insertStyle(
  db: Database,
  options: { ownerId: string; name?: string; createdAt?: Date },
): Promise<string> {
  const id = newId();
  await db.insert(styles).values({
    id,
    ownerId: options.ownerId,
    name: options.name ?? "Inserted style",
    source: "text",
    description: "Inserted for a test",
    prompt: "Flat icons.",
    palette: ["#f4a23c", "#2a9d8f"],
    seed: 11,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  return id;
}

/** Object rows only (no images, no job), with the ids and creation times given. */
export async function insertObjects(
  db: Database,
  options: { ownerId: string; styleId: string; rows: { id?: string; name: string; createdAt?: Date }[] },
) {
  const setId = newId();
  return db
    .insert(objects)
    .values(
      options.rows.map((row) => ({
        id: row.id ?? newId(),
        ownerId: options.ownerId,
        styleId: options.styleId,
        setId,
        name: row.name,
        size: "square" as const,
        detail: "draft" as const,
        transparent: true,
        ...(row.createdAt ? { createdAt: row.createdAt, updatedAt: row.createdAt } : {}),
      })),
    )
    .returning();
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * A style made through POST /api/styles (with reference images, if given), with its
 * sample images made. Draft and square by default: 12 credits.
 */
export async function createStyleThroughApi(
  server: ApiTestServer,
  cookie: string,
  options: {
    name?: string;
    description?: string;
    references?: Buffer[];
    detail?: DetailLevel;
    size?: ImageSize;
    /** The style's default model (a provider id). */
    model?: string;
    /** Transparent backgrounds by default (true unless given). */
    transparent?: boolean;
  } = {},
): Promise<{ styleId: string; sampleJobId: string }> {
  const form = new FormData();
  form.set("name", options.name ?? "Flat icons");
  form.set("description", options.description ?? "Flat vector icons, warm amber and teal");
  form.set("defaultDetail", options.detail ?? "draft");
  form.set("defaultSize", options.size ?? "square");
  form.set("defaultTransparent", String(options.transparent ?? true));
  if (options.model) form.set("defaultModel", options.model);
  (options.references ?? []).forEach((file, i) =>
    form.append("references", new Blob([new Uint8Array(file)]), `ref-${i}.png`),
  );
  const response = await server.call("/api/styles", { method: "POST", body: form, cookie });
  if (response.status !== 201) throw new Error(`POST /api/styles: ${response.status} ${await response.text()}`);
  const { style, job } = await json<{ style: { id: string }; job: { id: string } }>(response);
  const ran = await runJob(server, job.id);
  if (ran?.status !== "succeeded") throw new Error(`The samples job ended ${ran?.status}: ${ran?.error}`);
  return { styleId: style.id, sampleJobId: job.id };
}

export interface SubmittedSet {
  job: JobView;
  objects: { id: string; name: string }[];
}

/** POST /api/objects, draft square transparent by default; throws unless accepted. */
export async function submitObjects(
  server: ApiTestServer,
  cookie: string,
  input: Partial<GenerateObjectsInput> & Pick<GenerateObjectsInput, "styleId" | "subjects">,
): Promise<SubmittedSet> {
  const response = await server.call("/api/objects", {
    method: "POST",
    cookie,
    json: { size: "square", detail: "draft", transparent: true, ...input },
  });
  if (response.status !== 202) throw new Error(`POST /api/objects: ${response.status} ${await response.text()}`);
  return json<SubmittedSet>(response);
}

/** Runs a job as a worker would, with the server's providers or the one given (id "offline"). */
export function runJob(server: ApiTestServer, jobId: string, provider?: ImageProvider) {
  return runGenerationJob(
    {
      db: server.services.database.db,
      storage: server.services.storage,
      providers: provider ? providerRegistry([provider]) : server.services.providers,
      maxAttempts: 2,
      backoffMs: () => 1,
    },
    jobId,
  );
}

/**
 * Points the server's storage at a folder the test can list, so a test can say what is
 * (or is not) on disk. Call before anything is stored; `remove()` deletes the folder.
 */
export function useListableStorage(server: ApiTestServer) {
  const dir = mkdtempSync(path.join(tmpdir(), "motif-objects-"));
  server.services.storage = createDiskStorage(dir);
  return {
    dir,
    /** Every file (not folder) under a storage key prefix. */
    filesUnder(prefix: string): string[] {
      try {
        return readdirSync(path.join(dir, prefix), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name));
      } catch {
        return [];
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export { readZip } from "./zip";

/**
 * An object in a new style with one opaque image, whose stored file is then replaced by
 * `file` (a subject on a flat colour, or not): for tests of what is done to an image.
 */
export async function objectWithImage(
  api: { server: ApiTestServer; database: Pick<DatabaseHandle, "db">; user: { cookie: string } },
  file: Buffer,
  description?: string,
) {
  const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, description ? { description } : {});
  const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Potion"], transparent: false });
  const ran = await runJob(api.server, set.job.id);
  if (ran?.status !== "succeeded") throw new Error(`The object's job ended ${ran?.status}`);
  const objectId = set.objects[0]!.id;
  const [image] = await api.database.db.select().from(images).where(eq(images.objectId, objectId));
  await api.server.services.storage.put(image!.fileKey, file, "image/png");
  await api.database.db.update(images).set({ format: "png", hasAlpha: false }).where(eq(images.id, image!.id));
  return { objectId, imageId: image!.id, styleId };
}

/**
 * The preview engine as a model that can pose: for tests of what views do (paid, one image each,
 * drawn from the cover), which the real preview engine refuses before anything is made.
 */
export function posingPreview(): ImageProvider {
  const preview = createOfflineProvider();
  const { cannotPose: _cannotPose, ...capabilities } = preview.capabilities;
  return { ...preview, capabilities };
}

/** An object of `subject` in a new style, its first image drawn by the server's provider (the preview engine). */
export async function previewObject(
  api: { server: ApiTestServer; user: { cookie: string } },
  subject: string,
  style: { description?: string } = {},
): Promise<{ objectId: string; styleId: string }> {
  const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, style);
  const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: [subject] });
  const ran = await runJob(api.server, set.job.id);
  if (ran?.status !== "succeeded") throw new Error(`The object's job ended ${ran?.status}`);
  return { objectId: set.objects[0]!.id, styleId };
}

/** A person acting in their own workspace, without a key (what a browser session of theirs is). */
export const personalActor = (personId: string): Actor => ({
  workspaceId: personId,
  memberId: personId,
  apiKeyId: null,
});
