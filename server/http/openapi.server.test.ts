import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.server";
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
