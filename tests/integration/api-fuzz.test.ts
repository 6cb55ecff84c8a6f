import { describe, expect, it } from "vitest";
import { openApiCheck, type OpenApiCheck } from "../support/openapi-check";
import {
  document,
  documentedOperations,
  fillRecordPath,
  resolved,
  sampleOf,
  type Operation,
  type Schema,
} from "../support/openapi-request-values";
import { testDatabases } from "../support/databases";
import { setUpDocumentWalk, walkOrder } from "../support/document-walk";

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

// One database is enough to walk the document: the two databases answer alike (every other suite runs on both).
const [target] = testDatabases;

describe(`the API, fuzzed from its OpenAPI document on ${target!.name}`, () => {
  const walk = setUpDocumentWalk(target!);
  const check: OpenApiCheck = openApiCheck(document);
  const ids = walk.ids;

  /** The path with each parameter given: the owner's record of that kind where there is one. */
  const fill = (path: string) => fillRecordPath(path, (kind) => ids[kind] ?? "x");

  it("answers every input with a documented status and body, and never with a server error", async () => {
    const operations = documentedOperations()
      .filter(({ method, path }) => !WALKED_ELSEWHERE.has(`${method.toUpperCase()} ${path}`))
      .sort((a, b) => walkOrder(a.method, a.path) - walkOrder(b.method, b.path));

    const callers = () => [
      { name: "nobody", headers: {} as Record<string, string> },
      { name: "the owner's session", headers: { cookie: walk.owner.cookie } },
      { name: "the owner's key", headers: { authorization: `Bearer ${walk.owner.key}` } },
      { name: "another user's key", headers: { authorization: `Bearer ${walk.other.key}` } },
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
          const response = await walk.server.call(url, {
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
        const response = await walk.server.call(url, { method, headers: { cookie: walk.owner.cookie } });
        const body = (await response.json()) as { error?: { code?: string } };
        const got = `${response.status} ${response.headers.get("allow")} ${body.error?.code}`;
        if (got !== `405 ${allow} method_not_allowed`) failures.push(`${method} ${url} → ${got}`);
      }
      // Express's own answer to OPTIONS names the same methods.
      const options = (await walk.server.call(url, { method: "OPTIONS" })).headers.get("allow") ?? "";
      if (options.split(", ").sort().join() !== allow.split(", ").sort().join())
        failures.push(`OPTIONS ${url} → ${options}`);
    }
    expect(failures).toEqual([]);
    // An address the API does not have is still not found.
    expect((await walk.server.call("/api/no-such-call", { method: "DELETE" })).status).toBe(404);
  });
});
