import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "#server/db/client.server";
import type { GenerationJob } from "#server/generation/job-record.server";
import { parseJobParams } from "#server/generation/kinds/index.server";
import { migrationsUpTo } from "../support/migrations-up-to";

// Preparing an older folder opens it once to ask, then migrates it in a child process.
describe("upgrading a database made before objects existed", { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("keeps sample jobs runnable, titled and counted, and their images' settings", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "motif-upgrade-"));
    const oldMigrations = migrationsUpTo(4);
    dirs.push(dataDir, oldMigrations);

    const old = await openDatabase({ dataDir, migrationsFolder: oldMigrations });
    for (const statement of [
      `insert into auth_users (id, email) values ('u1', 'u1@example.com')`,
      `insert into users (id, credits) values ('u1', 88)`,
      `insert into styles (id, owner_id, name, source, description, prompt, seed) values ('s1', 'u1', 'Warm icons', 'text', 'Warm icons', 'Warm icons.', 7)`,
      `insert into generation_jobs (id, owner_id, kind, style_id, params, provider, model, credits, status, refunded) values ('j1', 'u1', 'style-anchor', 's1', '{"size":"portrait","detail":"draft","transparent":true,"subjects":["a cosy house","a leafy tree","a sitting cat"]}', 'offline', 'motif-offline-1', 15, 'canceled', true)`,
      `insert into credit_ledger (user_id, delta, reason, ref, balance_after) values ('u1', -15, 'generation_reserve', 'j1', 85), ('u1', 10, 'generation_refund', 'j1', 95)`,
      `insert into images (id, owner_id, style_id, job_id, position, role, subject, file_key, width, height, format, has_alpha, bytes, seed, provider, model, prompt) values ('i1', 'u1', 's1', 'j1', 0, 'anchor', 'a cosy house', 'k', 1024, 1536, 'png', true, 10, 7, 'offline', 'motif-offline-1', 'p')`,
    ]) {
      await old.db.execute(sql.raw(statement));
    }
    await old.close();

    const upgraded = await openDatabase({ dataDir });
    try {
      const [job] = await queryRows<{ kind: string; image_count: number; title: string; refunded_credits: number }>(
        upgraded.db,
        sql`select kind, image_count, title, refunded_credits from generation_jobs where id = 'j1'`,
      );
      expect(job).toEqual({
        kind: "style-samples",
        image_count: 3,
        title: "Sample images for “Warm icons”",
        refunded_credits: 10,
      });
      const [image] = await queryRows<{ size: string; detail: string; transparent: boolean; credits: number }>(
        upgraded.db,
        sql`select size, detail, transparent, credits from images where id = 'i1'`,
      );
      expect(image).toEqual({ size: "portrait", detail: "draft", transparent: true, credits: 5 });
      // Params stored before they had a version still parse.
      const [row] = await upgraded.db.query.generationJobs.findMany({ where: (j, { eq }) => eq(j.id, "j1") });
      expect(parseJobParams(row as GenerationJob)).toMatchObject({
        v: 1,
        size: "portrait",
        subjects: ["a cosy house", "a leafy tree", "a sitting cat"],
      });
    } finally {
      await upgraded.close();
    }
  });
});
