import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE } from "#domain/text";
import type { DatabaseHandle } from "#server/db/client.server";
import { createApi } from "#server/http/api.server";
import { fillPath, listRoutes, type ApiRoute } from "../support/api-routes";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, json, submitObjects } from "../support/factories";
import { PUBLIC_URL, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

type ErrorBody = { error: { code: string; message: string; fields?: { path: string; message: string }[] } };

const routes = listRoutes(
  createApi({
    getServices: async () => ({}) as never,
    origins: { publicUrl: PUBLIC_URL, publicUrlSet: true },
  }),
);
const label = (route: ApiRoute) => `${route.method} ${route.path}`;
/**
 * Routes whose body the app does not parse: Stripe's webhook takes the raw bytes and
 * refuses anything its signature does not cover (tests/integration/buying-credits.test.ts).
 */
const RAW_BODY_ROUTES = new Set(["POST /api/stripe/webhook"]);
const jsonRoutes = (route: ApiRoute) => route.method !== "GET" && !RAW_BODY_ROUTES.has(label(route));

/** A valid body for each route that reads one: each of its strings is given a NUL in turn. */
const bodies: Record<string, Record<string, unknown>> = {
  "POST /api/auth/signin-email": { email: "ann@example.com", redirectTo: "/app" },
  "POST /api/auth/verify": { token: "t".repeat(40), email: "ann@example.com" },
  "POST /api/auth/link-status": { token: "t".repeat(40) },
  "POST /api/auth/token": { idToken: "t".repeat(40) },
  "POST /api/analytics/pageview": { path: "/app" },
  "POST /api/styles": { name: "Flat icons", description: "Flat vector icons" },
  "PATCH /api/styles/:id": { name: "Flat icons", description: "Flat vector icons" },
  "POST /api/objects": {
    styleId: "STYLE",
    subjects: ["Lamp", "Key"],
    prompt: "on a shelf",
    size: "square",
    detail: "draft",
    transparent: true,
  },
  "PATCH /api/objects/:id": { name: "Lamp", coverImageId: "IMAGE" },
  "POST /api/objects/:id/variations": { count: 1, size: "square", detail: "draft" },
  "POST /api/credits/request": { note: "For the winter set" },
};
const GENERIC_BODY = { name: "x", text: "y" };
const QUERY_KEYS = ["q", "styleId", "setId", "cursor", "ids", "url", "before", "code", "state", "redirectTo", "x"];

/** Every path to each string in a JSON value, with the value that has a NUL there. */
function withNulAtEachString(value: unknown, path: (string | number)[] = []): { path: string; value: unknown }[] {
  if (typeof value === "string") return [{ path: path.join("."), value: `${value}\u0000x` }];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      withNulAtEachString(item, [...path, i]).map((hit) => ({
        path: hit.path,
        value: value.map((v, j) => (j === i ? hit.value : v)),
      })),
    );
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      withNulAtEachString(item, [...path, key]).map((hit) => ({
        path: hit.path,
        value: { ...(value as object), [key]: hit.value },
      })),
    );
  }
  return [];
}

/** A raw request (fetch refuses TRACE), answering status, headers and body text. */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe.each(testDatabases)("hostile requests on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let ann: { cookie: string; userId: string };
  let ids: Record<string, string>;

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "100000" });
    ann = await signInThroughApi(server, "ann@example.com");
    await grantCredits(database.db, ann.userId, 1000);
    const styleId = await insertStyle(database.db, { ownerId: ann.userId });
    const set = await submitObjects(server, ann.cookie, { styleId, subjects: ["Lamp"] });
    // Real ids, so that a NUL appended to one reaches the queries an id would.
    ids = { id: set.objects[0]!.id, provider: "github", styleId, jobId: set.job.id };
    bodies["POST /api/objects"]!.styleId = styleId;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** Sends a request; a streamed answer (the event stream) is cut off once its status is known. */
  async function send(route: ApiRoute, path: string, body?: unknown) {
    const response = await server.call(path, {
      method: route.method,
      cookie: ann.cookie,
      json: body,
      signal: AbortSignal.timeout(10_000),
    });
    const type = response.headers.get("content-type") ?? "";
    const parsed = type.includes("application/json") ? ((await response.json()) as ErrorBody) : null;
    if (!parsed) await response.body?.cancel();
    return { status: response.status, body: parsed };
  }

  function expectRefused(result: { status: number; body: ErrorBody | null }, what: string) {
    expect({ what, status: result.status }).toEqual({ what, status: 400 });
    expect(result.body?.error.code, what).toBe("bad_request");
    expect(result.body?.error.message, what).toMatch(/\S/);
  }

  it("walks every API route", () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map(label)).toContain("POST /api/objects/:id/variations");
  });

  it("answers %00 in any path parameter with 400", async () => {
    for (const route of routes.filter((r) => r.path.includes(":"))) {
      for (const nul of ["%00", `${ids.id}%00`, "a%00b"]) {
        const path = fillPath(route.path, (name) => (name === "provider" ? `github${nul}` : nul));
        const result = await send(route, path, bodies[label(route)]);
        expectRefused(result, `${label(route)} as ${path}`);
        expect(result.body?.error.message).toBe("The address contains a NUL character (%00), which is not allowed.");
      }
    }
  });

  it("answers %00 in any query parameter, name or value, with 400", async () => {
    for (const route of routes) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      for (const query of [...QUERY_KEYS.map((key) => `${key}=%00`), "styleId=abc%00def", "x%00=1"]) {
        const result = await send(route, `${path}?${query}`, bodies[label(route)]);
        expectRefused(result, `${label(route)}?${query}`);
      }
    }
  });

  it("answers a NUL in any JSON string, or in a key, with 400 naming the field", async () => {
    const before = await balanceOf(database.db, ann.userId);
    for (const route of routes.filter(jsonRoutes)) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      const body = bodies[label(route)] ?? GENERIC_BODY;
      for (const hit of withNulAtEachString(body)) {
        const result = await send(route, path, hit.value);
        expectRefused(result, `${label(route)} with a NUL in ${hit.path}`);
        expect(result.body?.error.fields, `${label(route)} ${hit.path}`).toContainEqual({
          path: hit.path,
          message: CONTROL_CHARACTER_MESSAGE,
        });
      }
      expectRefused(await send(route, path, { ...body, "a\u0000b": "x" }), `${label(route)} with a NUL in a key`);
    }
    // Nothing was charged.
    expect(await balanceOf(database.db, ann.userId)).toBe(before);
  });

  it("answers NUL in multipart text fields and file names with 400", async () => {
    const before = await balanceOf(database.db, ann.userId);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const forms: [string, FormData][] = [];
    for (const field of ["name", "description", "defaultSize"]) {
      const form = new FormData();
      form.set("name", "Flat icons");
      form.set("description", "Flat vector icons");
      form.set(field, "Flat\u0000icons");
      forms.push([field, form]);
    }
    const named = new FormData();
    named.set("name", "Flat icons");
    named.set("description", "Flat vector icons");
    named.append("references", new Blob([new Uint8Array(png)]), "ref\u0000.png");
    forms.push(["a file name", named]);
    for (const [what, form] of forms) {
      const response = await server.call("/api/styles", { method: "POST", body: form, cookie: ann.cookie });
      const body = await json<ErrorBody>(response);
      expect({ what, status: response.status, code: body.error.code }).toEqual({
        what,
        status: 400,
        code: "bad_request",
      });
    }
    expect(await balanceOf(database.db, ann.userId)).toBe(before);
  });

  it("answers no malformed path, query or body with a server error", async () => {
    const pathValues = ["%E0%A4%A", "%C0%80", "%ED%A0%80", "%FF", "..%2F..%2Fetc", "a".repeat(5000), "%F0%9F%98%80"];
    const queries = [
      "styleId=a&styleId=b",
      "limit=1e400",
      "cursor=%FF%FE",
      "cursor=eyJ4Ijp9",
      `cursor=${"A".repeat(290)}`,
      `ids=${",".repeat(100)}`,
      "url=/api/images/%ED%A0%80&w=320",
      "url=http://x&w=abc",
      "before=99999999999999999999",
      "q[a]=1",
      "sort[]=name",
      "code=x&state=y",
    ];
    const malformedBodies = [
      { name: "\ud800" },
      { name: ["x"] },
      { name: { a: 1 } },
      { subjects: "x" },
      { count: 1e308 },
      { count: "1" },
      { styleId: ids.styleId, subjects: ["\ud800"], size: "square", detail: "draft", transparent: true },
      { coverImageId: ids.jobId },
    ];
    const failures: string[] = [];
    // Signing out and deleting the account go last, so every other route is walked signed in.
    const endsSession = (r: ApiRoute) => r.method === "DELETE" && /\/(auth\/token|users\/user)$/.test(r.path);
    for (const route of [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)]) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      const tries: [string, unknown][] = [
        ...pathValues
          .filter(() => route.path.includes(":"))
          .map((v): [string, unknown] => [fillPath(route.path, () => v), undefined]),
        ...queries.map((q): [string, unknown] => [`${path}?${q}`, undefined]),
        ...(route.method === "GET" ? [] : malformedBodies.map((b): [string, unknown] => [path, b])),
      ];
      for (const [address, body] of tries) {
        const result = await send(route, address, body);
        if (result.status >= 500) failures.push(`${route.method} ${address.slice(0, 100)} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers a deeply nested body with 400, not a stack overflow", async () => {
    const deep = JSON.parse(`${"[".repeat(2000)}${"]".repeat(2000)}`) as unknown;
    for (const route of routes.filter(jsonRoutes)) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      expectRefused(await send(route, path, deep), `${label(route)} with a deep body`);
    }
  });

  it("answers an over-large JSON body with 413 naming the limit, on every JSON route", async () => {
    const large = { padding: "x".repeat(7 * 1024 * 1024) };
    for (const route of routes.filter(jsonRoutes)) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      const result = await send(route, path, large);
      expect({ what: label(route), status: result.status }).toEqual({ what: label(route), status: 413 });
      expect(result.body?.error.message, label(route)).toMatch(
        /^The request body is over the \d+ (KB|MB) this call takes\.$/,
      );
    }
    const small = await send({ method: "POST", path: "/api/keys" }, "/api/keys", { name: "x".repeat(40 * 1024) });
    expect(small.body?.error.message).toBe("The request body is over the 32 KB this call takes.");
  });

  it("answers TRACE and other unsupported methods with 405 in the error shape", async () => {
    for (const route of [...routes, { method: "GET", path: "/api/no-such-call" }]) {
      const path = fillPath(route.path, (name) => ids[name] ?? ids.id!);
      for (const method of ["TRACE", "PROPFIND"]) {
        const result = await rawRequest(`${server.url}${path}`, method, { Origin: PUBLIC_URL, Cookie: ann.cookie });
        expect({ what: `${method} ${path}`, status: result.status }).toEqual({
          what: `${method} ${path}`,
          status: 405,
        });
        expect(result.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        expect(JSON.parse(result.body)).toEqual({
          error: { code: "method_not_allowed", message: `${method} is not supported.` },
        });
      }
    }
  });
});
