import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/configuration.server";
import { listRoutes } from "../../tests/support/api-routes";
import { createApi } from "./api.server";
import { buildOpenApiDocument, openApiPath } from "./openapi.server";
import { apiOperations } from "./operations/index.server";

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument(apiOperations);

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("documents every route the API router mounts, and no route it does not", () => {
    const config = parseConfig({ LOG_LEVEL: "silent" });
    const api = createApi({
      getServices: () => Promise.reject(new Error("not called")),
      origins: config,
    });
    const mounted = listRoutes(api).map((r) => `${r.method} ${openApiPath(r.path)}`);
    const documented = apiOperations.map((op) => `${op.method.toUpperCase()} ${openApiPath(op.path)}`);
    expect(mounted.length).toBeGreaterThan(30);
    expect([...new Set(mounted)].sort()).toEqual([...new Set(documented)].sort());
  });

  it("describes both ways in, and what each error answer looks like", () => {
    expect(document.components?.securitySchemes).toMatchObject({
      apiKey: { type: "http", scheme: "bearer" },
      sessionCookie: { type: "apiKey", in: "cookie", name: "motif_session" },
    });
    expect(document.paths?.["/api/openapi.json"]?.get?.security).toEqual([]);
    expect(document.servers).toEqual([{ url: "/", description: "This Motif instance" }]);
    // The licence and terms an integrator's tools look for: this instance's own terms page.
    // Absolute (decision 098): the instance's own address, as the route is asked or PUBLIC_URL says.
    expect(document.info.license).toEqual({ name: "API terms of use", url: "http://localhost:3000/terms#api" });
    expect(document.info.termsOfService).toBe("http://localhost:3000/terms");
    expect(buildOpenApiDocument(apiOperations, "https://motif.example.com").info.termsOfService).toBe(
      "https://motif.example.com/terms",
    );
    const error = document.paths?.["/api/jobs/{id}"]?.get?.responses?.["404"] as {
      content: Record<string, { schema: { $ref: string } }>;
    };
    expect(error.content["application/json"]!.schema.$ref).toBe("#/components/schemas/Error");
  });

  it("allows no more than the server takes: the image widths and qualities as enums, a PATCH with something in it", () => {
    const image = document.paths?.["/api/image"]?.get?.parameters as { name: string; schema: { enum?: number[] } }[];
    expect(image.find((p) => p.name === "w")!.schema.enum).toEqual([320, 640, 768, 1024, 1280, 1536]);
    expect(image.find((p) => p.name === "q")!.schema.enum).toEqual([50, 75, 80, 90, 100]);
    const patch = document.paths?.["/api/objects/{id}"]?.patch?.requestBody as {
      content: Record<string, { schema: { minProperties?: number } }>;
    };
    expect(patch.content["application/json"]!.schema.minProperties).toBe(1);
  });

  it("lists on every operation the statuses any request can get: 400, 431 and 500, and 413 where there is a body", () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (operation as { responses?: Record<string, unknown>; requestBody?: unknown }).responses ?? {};
        for (const status of ["400", "431", "500"]) expect(responses, `${method} ${path}`).toHaveProperty(status);
        // Every call for signed-in users or keys may name a record that is gone or someone else's.
        if ((operation as { security?: unknown[] }).security?.length !== 0) {
          expect(responses, `${method} ${path}`).toHaveProperty("404");
        }
        if ((operation as { requestBody?: unknown }).requestBody)
          expect(responses, `${method} ${path}`).toHaveProperty("413");
      }
    }
  });
});

describe("the reference's examples and samples", () => {
  const document = buildOpenApiDocument(apiOperations) as unknown as {
    paths: Record<string, Record<string, ReferenceOperation>>;
    components: { schemas: Record<string, unknown> };
  };
  type Media = { schema: unknown; example?: unknown };
  type ReferenceOperation = {
    requestBody?: { content: Record<string, Media> };
    responses: Record<string, { content?: Record<string, Media> }>;
    "x-codeSamples"?: { lang: string; source: string }[];
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "motif", components: document.components });
  const validate = (schema: unknown) =>
    ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"motif#/components')));

  it("shows an example of every JSON body sent and answered, each one its schema accepts", () => {
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const media = [
          op.requestBody?.content["application/json"],
          ...Object.entries(op.responses)
            .filter(([status]) => status.startsWith("2"))
            .map(([, response]) => response.content?.["application/json"]),
        ].filter((m): m is Media => m !== undefined);
        for (const { schema, example } of media) {
          expect(example, `${method} ${path}`).toBeDefined();
          const check = validate(schema);
          expect(check(example), `${method} ${path}: ${ajv.errorsText(check.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(70);
  });

  it("gives every operation code samples in curl, fetch and Python, with the right credentials", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op["x-codeSamples"]?.length, `${method} ${path}`).toBeGreaterThanOrEqual(2);
      }
    }
    const [curl, fetchSample, python] = document.paths["/api/objects/{id}/views"]!.post!["x-codeSamples"]!;
    expect(curl!.source).toContain('curl -sS -X POST "$MOTIF_URL/api/objects/');
    expect(curl!.source).toContain('-H "Authorization: Bearer $MOTIF_KEY"');
    expect(curl!.source).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(curl!.source).toMatch(/-d '\{"views":\[/);
    expect(fetchSample!.source).toContain("JSON.stringify({");
    expect(python!.source).toContain("requests.post(");
    const [keysCurl] = document.paths["/api/keys"]!.get!["x-codeSamples"]!;
    expect(keysCurl!.source).toContain('-b "');
    expect(keysCurl!.source).not.toContain("Bearer");
  });
});
