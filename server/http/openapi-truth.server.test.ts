import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createApiKeySchema } from "#domain/api-keys";
import { adjustCreditsSchema } from "#domain/requests/audit";
import { editImageSchema } from "#domain/image-lineage";
import { generateObjectsSchema, objectViewsRequestSchema, updateObjectSchema } from "#domain/objects";
import { createStyleSchema, updateStyleSchema } from "#domain/styles";
import { createTeamSchema } from "#domain/requests/teams";
import { hasControlCharacters } from "#domain/text";
import { buildOpenApiDocument } from "./openapi.server";
import { apiOperations } from "./operations/index.server";

/*
 * The document says what the server enforces (issue "The document says what the server
 * enforces"): each text rule is a pattern or a length a schema-driven client can read, and
 * the document's verdict on a value is the server's.
 */

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
type Parameter = { name: string; in: string; schema: Schema };
type Op = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
};
const document = buildOpenApiDocument(apiOperations) as unknown as {
  paths: Record<string, Record<string, Op>>;
  info: { termsOfService: string; license: { url: string } };
};
const body = (path: string, method: string, media = "application/json") =>
  document.paths[path]![method]!.requestBody!.content[media]!.schema;
const param = (path: string, name: string, method = "get") =>
  document.paths[path]![method]!.parameters!.find((p) => p.name === name)!.schema;

const ajv = new Ajv2020({ strict: false });
const accepts = (schema: Schema, value: unknown) => ajv.validate(schema, value);

/** Strings a fuzzer tries first: blank, invisible, control characters, and ordinary words. */
const tricky = [
  "",
  " ",
  "  \t ",
  "\u200b",
  "\u00a0\u200d",
  "a\u0000b",
  "x\u001b",
  "ab",
  " ab ",
  "Lamp",
  " Lamp ",
  "café ☕",
];

describe("the document's text rules", () => {
  const cases: [string, Schema, (value: string) => boolean][] = [
    [
      "a style's name",
      body("/api/styles", "post").properties!.name!,
      (v) => createStyleSchema.safeParse({ name: v, description: "Flat icons" }).success,
    ],
    [
      "a renamed style",
      body("/api/styles/{id}", "patch").properties!.name!,
      (v) => updateStyleSchema.safeParse({ name: v }).success,
    ],
    [
      "a style's description",
      body("/api/styles/{id}", "patch").properties!.description!,
      (v) => updateStyleSchema.safeParse({ description: v }).success,
    ],
    [
      "a subject",
      body("/api/objects", "post").properties!.subjects!.items!,
      (v) => generateObjectsSchema.safeParse({ styleId: "s1", subjects: [v] }).success,
    ],
    [
      "an object's name",
      body("/api/objects/{id}", "patch").properties!.name!,
      (v) => updateObjectSchema.safeParse({ name: v }).success,
    ],
    [
      "a view",
      body("/api/objects/{id}/views", "post").properties!.views!.items!,
      (v) => objectViewsRequestSchema.safeParse({ views: [v] }).success,
    ],
    [
      "an edit's words",
      body("/api/objects/{id}/edit", "post").properties!.instruction!,
      (v) => editImageSchema.safeParse({ imageId: "i1", instruction: v }).success,
    ],
    [
      "a key's name",
      body("/api/keys", "post").properties!.name!,
      (v) => createApiKeySchema.safeParse({ name: v }).success,
    ],
    [
      "a team's name",
      body("/api/teams", "post").properties!.name!,
      (v) => createTeamSchema.safeParse({ name: v }).success,
    ],
    [
      "an operator's reason",
      body("/api/admin/users/{id}/credits", "post").properties!.reason!,
      (v) => adjustCreditsSchema.safeParse({ amount: 5, reason: v }).success,
    ],
  ];

  it.each(cases)("say of %s what the server says", (name, schema, server) => {
    // A description may be left blank; every other of these is refused empty.
    if (name !== "a style's description")
      expect(schema.minLength, "a required text is not empty").toBeGreaterThanOrEqual(1);
    // Every JSON body is refused with a control character in it, before its schema reads it.
    const refuses = (value: string) => hasControlCharacters(value) || !server(value);
    for (const value of tricky) expect(accepts(schema, value), JSON.stringify(value)).toBe(!refuses(value));
  });

  it("state the control-character rule on every text of a request body, and on text query parameters", () => {
    expect(accepts(body("/api/objects", "post").properties!.prompt!, "warm\u0000")).toBe(false);
    expect(accepts(body("/api/keys/{id}", "patch").properties!.webhookUrl!, "https://example.com/\u0007")).toBe(false);
    expect(accepts(param("/api/objects", "q"), "lamp\u0001")).toBe(false);
    expect(accepts(param("/api/objects", "q"), "lamp\tpost")).toBe(true);
  });
});

describe("the document's rules the schemas check past their type", () => {
  it("says what a webhook URL, a credit adjustment, a sign-up domain and an image path must be", () => {
    const webhook = body("/api/keys/{id}", "patch").properties!.webhookUrl!;
    for (const [value, valid] of [
      ["https://example.com/hooks/motif", true],
      ["", true],
      [null, true],
      ["x", false],
      ["ftp://example.com", false],
      ["https://user:secret@example.com/", false],
    ] as const)
      expect(accepts(webhook, value), String(value)).toBe(valid);
    const amount = body("/api/admin/users/{id}/credits", "post").properties!.amount!;
    expect([250, -250, 0, 1_000_001].map((n) => accepts(amount, n))).toEqual([true, true, false, false]);
    const domains = body("/api/admin/settings", "patch").properties!.signupDomains!;
    expect(
      [["studio.example"], [" @Studio.Example "], ["x"], ["https://studio.example"]].map((d) => accepts(domains, d)),
    ).toEqual([true, true, false, false]);
    const provider = body("/api/setup/test-connection", "post").properties!.provider!;
    expect(["offline", " ", ""].map((p) => accepts(provider, p))).toEqual([true, false, false]);
    const url = param("/api/image", "url");
    expect(["/api/images/k3v9q2m8x7w1p5r4", "x", "https://example.com/a.png"].map((u) => accepts(url, u))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("says no address carries a NUL, in every path and query parameter", () => {
    expect(accepts(param("/api/objects/{id}/app-icons.zip", "imageId"), "x\u0000")).toBe(false);
    expect(accepts(param("/api/objects/{id}", "id", "get"), "x\u0000")).toBe(false);
    expect(accepts(param("/api/objects/{id}", "id", "get"), "x\u0001")).toBe(true);
  });
});

describe("the document's other limits", () => {
  it("lists the sprite sheet's frame sizes, and bounds the `before` cursors", () => {
    expect(param("/api/objects/sprite-sheet.zip", "frameSize")).toMatchObject({ enum: [64, 128, 256, 512] });
    expect(param("/api/users/me/credits", "before").maximum).toBe(Number.MAX_SAFE_INTEGER);
    expect(param("/api/admin/audit", "before").maximum).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("bounds an export's ids by what fits in an address the server reads (16 KB of request line and headers)", () => {
    const ids = param("/api/objects/export.zip", "ids");
    // Every comma sent as %2C, the path and the query's other parameters: still well under 16 KB.
    const line = `GET /api/objects/sprite-sheet.zip?ids=${"x".repeat(ids.maxLength as number)}&frameSize=512 HTTP/1.1`;
    expect(line.length + (ids.maxLength as number) / 7 + 2048).toBeLessThan(16 * 1024);
    expect(ids.description).toMatch(/exactly one of ids, setId and styleId/);
  });

  it("says a style is made from a description or reference images, and a JSON one from a description", () => {
    const form = body("/api/styles", "post", "multipart/form-data");
    expect(accepts(form, { name: "Flat" })).toBe(false);
    expect(accepts(form, { name: "Flat", description: "Flat vector icons" })).toBe(true);
    expect(accepts(form, { name: "Flat", references: ["png"] })).toBe(true);
    const json = body("/api/styles", "post");
    expect(accepts(json, { name: "Flat" })).toBe(false);
    expect(accepts(json, { name: "Flat", description: "ab" })).toBe(false);
    expect(accepts(json, { name: "Flat", description: "Flat vector icons" })).toBe(true);
  });

  it("documents the calling key's own route for API keys only", () => {
    expect(document.paths["/api/keys/current"]!.get!.security).toEqual([{ apiKey: [] }]);
  });

  it("gives examples a default instance answers: the preview engine's model, a public https webhook", () => {
    const examples = JSON.stringify(
      Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((op) => Object.values(op.requestBody?.content ?? {}).map((m) => m.example)),
      ),
    );
    expect(examples).not.toContain('"openai"');
    expect(document.paths["/api/keys"]!.post!.requestBody!.content["application/json"]!.example).toMatchObject({
      webhookUrl: expect.stringMatching(/^https:\/\/example\.com\//),
    });
  });

  it("names the instance's terms and licence with absolute URLs", () => {
    expect(new URL(document.info.termsOfService).pathname).toBe("/terms");
    expect(new URL(document.info.license.url).hash).toBe("#api");
  });
});
