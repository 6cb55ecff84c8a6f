import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { images } from "#server/db/schema";
import { openApiCheck, type OpenApiCheck } from "../support/openapi-check";
import {
  document,
  documentedOperations,
  fillRecordPath,
  resolved,
  sampleOf,
  type Operation,
  type Schema,
} from "../support/openapi-samples";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, grantCredits, json, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

/*
 * Every operation of the document, called with inputs made from its own schemas — valid ones,
 * and each field wrong in turn — by nobody, by the owner (cookie and key) and by another
 * user's key on the owner's records. Every answer must be a status the document lists for
 * that operation, with a body its schema allows, and none may be a server error.
 */

/** A value of the wrong kind for the schema. */
function wrongFor(input: Schema | undefined): unknown[] {
  const schema = resolved(input);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (Array.isArray(schema.enum)) return ["not-one-of-them", 12];
  if (type === "string") return [12, "x".repeat(5000), ""];
  if (type === "integer" || type === "number") return ["many", -1e12, 1.5];
  if (type === "boolean") return ["yes"];
  if (type === "array") return ["x", [], Array.from({ length: 200 }, () => "x")];
  if (type === "object") return ["x", []];
  return [null];
}

/** Each body to send: the sample, then each property wrong in turn, each required one missing, and junk. */
function bodiesFor(schema: Schema | undefined): unknown[] {
  const sample = sampleOf(schema);
  const bodies: unknown[] = [sample, [], "text", null, { unknown: "field" }];
  const root = resolved(schema);
  const properties = (root.properties ?? {}) as Record<string, Schema>;
  if (sample && typeof sample === "object" && !Array.isArray(sample)) {
    for (const [name, property] of Object.entries(properties)) {
      for (const wrong of wrongFor(property)) bodies.push({ ...(sample as object), [name]: wrong });
    }
    for (const name of (root.required ?? []) as string[]) {
      const { [name]: _dropped, ...rest } = sample as Record<string, unknown>;
      bodies.push(rest);
    }
  }
  return bodies;
}

/** Query strings to send: none, the samples, then each parameter wrong in turn. */
function queriesFor(parameters: Operation["parameters"] = []): string[] {
  const query = parameters.filter((p) => p.in === "query");
  const sample = new URLSearchParams();
  for (const p of query) if (p.required) sample.set(p.name, String(sampleOf(p.schema)));
  const variants = ["", sample.toString()];
  for (const p of query) {
    for (const wrong of [...wrongFor(p.schema), "%zz", "-1"]) {
      const each = new URLSearchParams(sample);
      each.set(p.name, typeof wrong === "string" ? wrong : JSON.stringify(wrong));
      variants.push(each.toString());
    }
  }
  return [...new Set(variants)];
}

/** Streams and signed webhooks are walked elsewhere (events.test.ts, buying-credits.test.ts). */
const WALKED_ELSEWHERE = new Set(["GET /api/events"]);
/** What ends the run for the caller: done last. */
const ORDER = (method: string, path: string) =>
  path === "/api/users/user" ? 3 : path === "/api/auth/token" && method === "delete" ? 2 : method === "delete" ? 1 : 0;

// One database is enough to walk the document: the two databases answer alike (every other suite runs on both).
const [target] = testDatabases;

describe(`the API, fuzzed from its OpenAPI document on ${target!.name}`, () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let check: OpenApiCheck;
  const ids: Record<string, string> = {};
  let annCookie = "";
  let annKey = "";
  let bobKey = "";

  beforeAll(async () => {
    database = await target!.open();
    server = await startApiServer(
      database,
      { SIGNIN_LIMIT_PER_IP: "100000", SIGNIN_LIMIT_PER_EMAIL: "100000", API_KEY_REQUESTS_PER_MINUTE: "100000" },
      { queue: noQueue },
    );
    check = openApiCheck(document);
    const ann = await signInThroughApi(server, "ann@example.com");
    const bob = await signInThroughApi(server, "bob@example.com");
    annCookie = ann.cookie;
    await grantCredits(database.db, ann.userId, 100_000);
    await grantCredits(database.db, bob.userId, 100_000);
    const keyOf = async (cookie: string) =>
      (await json<{ secret: string; key: { id: string } }>(
        await server.call("/api/keys", { method: "POST", cookie, json: { name: "Fuzz" } }),
      )) as { secret: string; key: { id: string } };
    const annsKey = await keyOf(ann.cookie);
    annKey = annsKey.secret;
    bobKey = (await keyOf(bob.cookie)).secret;
    const { styleId } = await createStyleThroughApi(server, ann.cookie);
    const set = await submitObjects(server, ann.cookie, { styleId, subjects: ["Lamp"] });
    await runJob(server, set.job.id);
    const [image] = await database.db.select().from(images).where(eq(images.objectId, set.objects[0]!.id));
    Object.assign(ids, {
      styles: styleId,
      objects: set.objects[0]!.id,
      jobs: set.job.id,
      keys: annsKey.key.id,
      images: image!.id,
      reference: "no-such-reference",
      imageId: image!.id,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** The path with each parameter given: the owner's record of that kind where there is one. */
  const fill = (path: string) => fillRecordPath(path, (kind) => ids[kind] ?? "x");

  it("answers every input with a documented status and body, and never with a server error", async () => {
    const operations = documentedOperations()
      .filter(({ method, path }) => !WALKED_ELSEWHERE.has(`${method.toUpperCase()} ${path}`))
      .sort((a, b) => ORDER(a.method, a.path) - ORDER(b.method, b.path));

    const callers = () => [
      { name: "nobody", headers: {} as Record<string, string> },
      { name: "the owner's session", headers: { cookie: annCookie } },
      { name: "the owner's key", headers: { authorization: `Bearer ${annKey}` } },
      { name: "another user's key", headers: { authorization: `Bearer ${bobKey}` } },
    ];
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path, operation } of operations) {
      const json = operation.requestBody?.content["application/json"]?.schema;
      const bodies = method === "get" || method === "delete" ? [undefined] : json ? bodiesFor(json) : [undefined];
      const queries = queriesFor(operation.parameters);
      for (const caller of callers()) {
        const inputs = [
          ...bodies.map((body) => ({ query: queries[1] ?? "", body })),
          ...queries.map((query) => ({ query, body: bodies[0] })),
        ];
        for (const { query, body } of inputs) {
          const url = `${fill(path)}${query ? `?${query}` : ""}`;
          const response = await server.call(url, {
            method: method.toUpperCase(),
            redirect: "manual",
            headers: {
              ...caller.headers,
              ...(body !== undefined ? { "content-type": "application/json" } : {}),
              ...(method === "post" && path !== "/api/stripe/webhook" ? { "idempotency-key": `fuzz-${requests}` } : {}),
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          });
          requests += 1;
          const label = `${method.toUpperCase()} ${url} as ${caller.name} with ${JSON.stringify(body)?.slice(0, 120)}`;
          if (response.status >= 500) failures.push(`${label} → ${response.status}`);
          try {
            await check.check(response, method, path);
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message.slice(0, 400)}`);
          }
          if (!response.bodyUsed) await response.body?.cancel();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1500);
    // Every operation but the stream was walked.
    expect(check.notExercised()).toEqual(["GET /api/events"]);
  }, 600_000);

  it("answers a method a documented path does not list with 405 and Allow naming the ones it lists", async () => {
    const paths = Object.entries(document.paths ?? {}).map(([path, item]) => ({
      path,
      // A template's parameter matches any one segment, as the router's does.
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
      methods: Object.keys(item as object).map((m) => m.toUpperCase()),
    }));
    const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
    const failures: string[] = [];
    for (const { path } of paths) {
      const url = fill(path);
      // Every documented path the address matches: a method of any of them would be answered.
      const listed = new Set(paths.filter((p) => p.pattern.test(url)).flatMap((p) => p.methods));
      const allow = order.filter((m) => listed.has(m) || (m === "HEAD" && listed.has("GET"))).join(", ");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !listed.has(m))) {
        const response = await server.call(url, { method, headers: { cookie: annCookie } });
        const body = (await response.json()) as { error?: { code?: string } };
        const got = `${response.status} ${response.headers.get("allow")} ${body.error?.code}`;
        if (got !== `405 ${allow} method_not_allowed`) failures.push(`${method} ${url} → ${got}`);
      }
      // Express's own answer to OPTIONS names the same methods.
      const options = (await server.call(url, { method: "OPTIONS" })).headers.get("allow") ?? "";
      if (options.split(", ").sort().join() !== allow.split(", ").sort().join())
        failures.push(`OPTIONS ${url} → ${options}`);
    }
    expect(failures).toEqual([]);
    // An address the API does not have is still not found.
    expect((await server.call("/api/no-such-call", { method: "DELETE" })).status).toBe(404);
  });
});
