import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStatementCache } from "#server/db/pglite-statements.server";

const ours = async (db: PGlite) =>
  (
    await db.query<{ name: string }>("select name from pg_prepared_statements where name like 'motif_s%' order by name")
  ).rows.map((r) => r.name);

describe("the embedded database's statement cache", () => {
  let raw: PGlite;
  let cached: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create("memory://");
    await raw.exec(`create table things (id text primary key, n int, at timestamptz, data jsonb, ok boolean)`);
    cached = withStatementCache(raw, 3);
  });
  afterAll(() => raw.close());

  it("answers exactly as PGlite's own query does, in both row modes and for every kind of value", async () => {
    const at = new Date("2026-11-24T10:00:00.123Z");
    await cached.query("insert into things values ($1, $2, $3, $4, $5)", ["a", 7, at, { k: [1, "x"] }, true]);
    await cached.query("insert into things values ($1, $2, $3, $4, $5)", ["b", null, null, null, false]);
    const text = "select * from things where id = any($1) order by id";
    // Drizzle brings its own converters for dates and times; every other type keeps PGlite's.
    const ownParsers = { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [undefined, { rowMode: "array" as const }, ownParsers]) {
      const expected = await raw.query(text, [["a", "b"]], options);
      const actual = await cached.query(text, [["a", "b"]], options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
    const [withOwn] = (await cached.query<unknown[]>("select at, data, n from things where id = $1", ["a"], ownParsers))
      .rows;
    expect(withOwn).toEqual([expect.stringMatching(/^2026-11-24 10:00:00\.123/), { k: [1, "x"] }, 7]);
    const [row] = (await cached.query<{ at: Date; data: unknown }>("select at, data from things where id = $1", ["a"]))
      .rows;
    expect(row).toEqual({ at, data: { k: [1, "x"] } });
  });

  it("parses a statement once and reuses it, closing the least recently used beyond its limit", async () => {
    const before = await ours(raw);
    const first = "select n from things where id = $1";
    for (let i = 0; i < 5; i++) await cached.query(first, ["a"]);
    const afterRepeats = await ours(raw);
    expect(afterRepeats.length).toBe(Math.min(3, before.length + 1));
    await cached.query("select count(*) from things where n > $1", [0]);
    await cached.query("select count(*) from things where ok = $1", [true]);
    await cached.query(first, ["b"]); // used again: now the most recent
    await cached.query("select id from things where n is null and id <> $1", ["z"]);
    const after = await ours(raw);
    expect(after.length).toBe(3);
    expect((await cached.query<{ n: number }>(first, ["a"])).rows).toEqual([{ n: 7 }]);
    expect(await ours(raw)).toEqual(after); // still cached: nothing parsed again
  });

  it("reports a failed statement as PGlite does and keeps working", async () => {
    const insert = "insert into things (id, n) values ($1, $2)";
    await cached.query(insert, ["dup", 1]);
    await expect(cached.query(insert, ["dup", 2])).rejects.toMatchObject({ code: "23505" });
    // A value the statement's parameter type refuses fails at bind, after the statement was parsed.
    await expect(cached.query("select id from things where n = $1", ["seven"])).rejects.toMatchObject({
      code: "22P02",
    });
    expect((await cached.query("select id from things where n = $1", [1])).rows).toEqual([{ id: "dup" }]);
    expect((await cached.query<{ n: number }>("select n from things where id = $1", ["dup"])).rows).toEqual([{ n: 1 }]);
  });

  it("waits for a transaction in progress instead of joining it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query("insert into things (id, n) values ('tx', 1)");
      await held;
      await tx.rollback();
    });
    const read = cached.query("select count(*)::int as c from things where id = $1", ["tx"]);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ c: 0 }]);
  });

  it("delivers the notifications its statements send", async () => {
    const received: string[] = [];
    const stop = await raw.listen("motif_test", (payload) => received.push(payload));
    await cached.query("select pg_notify($1, $2)", ["motif_test", "hello"]);
    await expect.poll(() => received).toEqual(["hello"]);
    await stop();
  });
});
