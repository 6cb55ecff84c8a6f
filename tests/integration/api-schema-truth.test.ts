import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authUsers } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { json } from "../support/factories";
import { setUpDocumentWalk, walkOrder } from "../support/document-walk";
import {
  document,
  documentedOperations,
  fillRecordPath,
  resolved,
  sampleOf,
  type Schema,
} from "../support/openapi-request-values";

/*
 * The document says what the server enforces. For every operation, inputs are made from the
 * document's own schemas — its examples, the least valid value of each field, each field at its
 * longest — and then each field broken the ways a schema-driven client (Schemathesis) breaks it:
 * too short, too long, blank, invisible, a control character, off its enum, past its bounds,
 * missing. The document's verdict on each input (ajv, on the schema as published) must be the
 * server's: what it declares valid is never refused as invalid (a 400 with `fields`), and what it
 * declares invalid is never done (a 2xx).
 */

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addSchema({ $id: "doc", components: document.components });
const compiled = new Map<Schema, (value: unknown) => boolean>();
function declaresValid(schema: Schema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')));
    compiled.set(schema, (check = (v: unknown) => validate(v) as boolean));
  }
  return check(value);
}

const typeOf = (schema: Schema) => {
  const types = [schema.type, ...((schema.anyOf as Schema[] | undefined) ?? []).map((s) => resolved(s).type)].flat();
  return types.find((t) => t && t !== "null") as string | undefined;
};

/** Values to try for one field: its example, its bounds, and what breaks each rule it states. */
function candidatesFor(input: Schema | undefined): unknown[] {
  const schema = resolved(input);
  const variant = ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined)
    ?.map(resolved)
    .find((s) => s.type !== "null");
  const s = variant ?? schema;
  const values: unknown[] = [sampleOf(s)];
  if (Array.isArray(s.enum)) values.push(...s.enum, "not-one-of-them", 3);
  switch (typeOf(s)) {
    case "string": {
      const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
      values.push("", " ", "\u200b", "\u00a0\t", "ab", "Lamp", "a\u0001b", "x\u0000");
      if (max !== undefined && max <= 20_000) values.push("L".repeat(max), "L".repeat(max + 1));
      break;
    }
    case "integer":
    case "number":
      for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum])
        if (typeof bound === "number") values.push(bound - 1, bound, bound + 1);
      values.push(1.5, 0);
      break;
    case "array": {
      const item = sampleOf(s.items as Schema);
      const max = typeof s.maxItems === "number" ? s.maxItems : undefined;
      values.push([], ...(max !== undefined ? [Array.from({ length: max + 1 }, () => item)] : []));
      for (const each of candidatesFor(s.items as Schema).slice(1, 10)) values.push([each]);
      break;
    }
  }
  return values;
}

type Input = { body?: unknown; query: Record<string, string> };

/** Every input to send: the example, then each field (of the body or the query) in turn set to each candidate, or left out. */
function inputsFor(
  operation: ReturnType<typeof documentedOperations>[number]["operation"],
  given: Record<string, string>,
) {
  const media = operation.requestBody?.content["application/json"] as { schema: Schema; example?: unknown } | undefined;
  const parameters = (operation.parameters ?? []).filter((p) => p.in === "query");
  const query: Record<string, string> = {};
  for (const p of parameters) if (p.required) query[p.name] = String(sampleOf(p.schema));
  // An export chooses its objects by the owner's style.
  if (parameters.some((p) => p.name === "ids")) query.styleId = given.styles!;
  const example = media ? (media.example ?? sampleOf(media.schema)) : undefined;
  const inputs: { input: Input; valid: boolean }[] = [];
  const add = (input: Input) => {
    const bodyValid = !media || declaresValid(media.schema, input.body);
    const queryValid = parameters.every((p) => {
      const raw = input.query[p.name];
      if (raw === undefined) return !p.required;
      const type = typeOf(resolved(p.schema));
      const value = type === "integer" || type === "number" ? (raw.trim() === "" ? NaN : Number(raw)) : raw;
      return declaresValid(p.schema ?? {}, value);
    });
    const names = parameters.map((p) => p.name);
    inputs.push({ input, valid: bodyValid && queryValid && selectsOnce(names, input.query) });
  };
  add({ body: example, query });
  const root = media ? resolved(media.schema) : {};
  if (example && typeof example === "object" && !Array.isArray(example)) {
    for (const [name, property] of Object.entries((root.properties ?? {}) as Record<string, Schema>)) {
      for (const value of candidatesFor(property)) add({ body: { ...example, [name]: value }, query });
      const { [name]: _left, ...rest } = example as Record<string, unknown>;
      add({ body: rest, query });
    }
  }
  for (const p of parameters) {
    for (const value of candidatesFor(p.schema)) {
      if (typeof value === "object" && value !== null) continue;
      add({ body: example, query: { ...query, [p.name]: String(value) } });
    }
  }
  return inputs;
}

/**
 * Streams, signed webhooks and the operator's control command are walked elsewhere. Deleting the
 * account is walked here, last, after everything the walk made and spent with the key.
 */
const WALKED_ELSEWHERE = new Set(["GET /api/events", "POST /api/stripe/webhook", "POST /api/operator/credits"]);

/**
 * 400s the document cannot foresee: about the records or the instance, not the input's form
 * (a made-up sign-in token, an image already transparent, a webhook host this machine cannot
 * resolve). Each is named by its message, so a new one fails the test.
 */
const NOT_ABOUT_THE_FORM = [
  // A style without reference images needs its description (one with them may clear it).
  /Describe the style in a few words, or add reference images/,
  // A cover names one of the object's images: which ones are is the object's, not the form's.
  /The cover must be one of this object's images/,
  // A drawing is one the preview engine offers for the object's subject: the object's, not the form's.
  /Choose one of the drawings offered for this object/,
  // This machine resolves no public names (example.com included).
  /The host example\.com could not be found/,
  // Sign-up by domain needs a domain: a rule across two fields and the stored settings.
  /List at least one domain for sign-up by domain/,
  // A cursor is one `nextCursor` gave; a model id is one this instance offers.
  /The cursor is not valid/,
  /That model is not available/,
  // An enlargement's size is the image's times the scale; whether an image has a pixel grid is the
  // image's: neither is the form's.
  /would make \d+ × \d+ px; this Motif makes images up to \d+ px on a side/,
  /This image is not drawn on a pixel grid/,
  // A training's pictures are the subject's or the workspace's records, each once: not the form's.
  /No such picture/,
  /This picture is in the dataset twice/,
  // An outpaint extends some side, or says what the new background is: rules across fields.
  /Choose at least one side to extend/,
  /Say what the new background is/,
];

const SELECTION = ["ids", "setId", "styleId"];

/**
 * The rule across query parameters the document can only state in words (each parameter's
 * description): an export names its objects by exactly one of ids, setId and styleId.
 */
function selectsOnce(names: string[], query: Record<string, string>): boolean {
  if (!names.includes("ids")) return true;
  const given = SELECTION.filter((name) =>
    name === "ids" ? (query.ids ?? "").split(",").some(Boolean) : query[name] !== undefined,
  );
  return given.length === 1;
}

const [target] = testDatabases;

describe(`the document's verdict is the server's, on ${target!.name}`, () => {
  const walk = setUpDocumentWalk(target!, { ADMIN_EMAILS: "ann@example.com" });
  const ids = walk.ids;

  it("takes an export's ids at their declared longest, each comma sent as %2C", async () => {
    const exportZip = documentedOperations().find((o) => o.method === "get" && o.path === "/api/objects/export.zip")!;
    const ids = exportZip.operation.parameters!.find((p) => p.name === "ids")!;
    const maxLength = (ids.schema as { maxLength: number }).maxLength;
    // 20-character ids, as Motif makes them, with their commas: exactly the declared longest.
    const list = Array.from({ length: Math.ceil(maxLength / 21) }, (_, i) => `k${String(i).padStart(19, "0")}`)
      .join(",")
      .slice(0, maxLength);
    expect(list.length).toBe(maxLength);
    const response = await walk.server.call(`/api/objects/export.zip?${new URLSearchParams({ ids: list })}`, {
      headers: { authorization: `Bearer ${walk.owner.key}` },
    });
    // None is the owner's: not found, but read (not 431 for the address, not 400 for its length).
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it("names a field refused past its schema in `fields`, as a schema's own issues are", async () => {
    const response = await walk.server.call("/api/objects", {
      method: "POST",
      headers: { authorization: `Bearer ${walk.owner.key}`, "idempotency-key": "truth-model" },
      json: { styleId: ids.styles, subjects: ["Lamp"], model: "dall-e-9" },
    });
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { message: string; fields: { path: string; message: string }[] } }>(response);
    expect(error.fields).toEqual([{ path: "model", message: error.message }]);
  });
  it("refuses as invalid nothing it declares valid, and does nothing it declares invalid", async () => {
    const operations = documentedOperations()
      .filter(({ method, path }) => !WALKED_ELSEWHERE.has(`${method.toUpperCase()} ${path}`))
      // A form of files only is walked by the upload tests (styles-references, hostile-requests).
      .filter(({ operation }) => !operation.requestBody || operation.requestBody.content["application/json"])
      .sort((a, b) => walkOrder(a.method, a.path) - walkOrder(b.method, b.path));
    const refusedValid: string[] = [];
    const doneInvalid: string[] = [];
    const serverErrors: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operations) {
      const security = (operation as { security?: Record<string, unknown>[] }).security;
      const auth: Record<string, string> =
        security?.length === 0
          ? {}
          : security?.some((s) => "sessionCookie" in s)
            ? { cookie: walk.owner.cookie }
            : { authorization: `Bearer ${walk.owner.key}` };
      // The body's ids name the owner's records, as a client that read them would send.
      const url = fillRecordPath(path, (kind) => ids[kind] ?? "x");
      for (const { input, valid } of inputsFor(operation, ids)) {
        const body = JSON.stringify(input.body, (key, value: unknown) =>
          typeof value === "string" && key in ids && value === "k3v9q2m8x7w1p5r4" ? ids[key] : value,
        );
        const query = new URLSearchParams(input.query).toString();
        const response = await walk.server.call(`${url}${query ? `?${query}` : ""}`, {
          method: method.toUpperCase(),
          redirect: "manual",
          headers: {
            ...auth,
            ...(input.body !== undefined ? { "content-type": "application/json" } : {}),
            ...(method === "post" ? { "idempotency-key": `truth-${sent}` } : {}),
          },
          ...(input.body !== undefined ? { body } : {}),
        });
        sent += 1;
        const label = `${method.toUpperCase()} ${url}?${query.slice(0, 80)} ${body?.slice(0, 160)} → ${response.status}`;
        if (response.status >= 500) serverErrors.push(label);
        if (valid && (response.status === 400 || response.status === 431)) {
          const answer = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
          const message = answer.error?.message ?? "";
          if (!NOT_ABOUT_THE_FORM.some((pattern) => pattern.test(message))) refusedValid.push(`${label}: ${message}`);
        } else if (!valid && response.status >= 200 && response.status < 300) {
          doneInvalid.push(label);
        }
        if (!response.bodyUsed) await response.body?.cancel();
      }
    }
    expect({ refusedValid, doneInvalid, serverErrors }).toEqual({
      refusedValid: [],
      doneInvalid: [],
      serverErrors: [],
    });
    expect(sent).toBeGreaterThan(1000);
    // Its last operation deleted the account, after all the walk made and spent with it.
    const left = await walk.database.db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.id, ids.workspaceId!));
    expect(left).toEqual([]);
  }, 300_000);
});
