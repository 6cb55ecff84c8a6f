// Values made from an OpenAPI document's own schemas: what the fuzz and the isolation walk send.
import { buildOpenApiDocument } from "#server/http/openapi.server";
import { apiOperations } from "#server/http/operations/index.server";

export type Schema = Record<string, unknown>;
export type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

export const document = buildOpenApiDocument(apiOperations);

const METHODS = ["get", "post", "patch", "delete"] as const;

/** Every operation of the document: its method (lower case), its OpenAPI path and its entry. */
export function documentedOperations() {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
      method,
      path,
      operation: (item as Record<string, Operation>)[method]!,
    })),
  );
}
const components = (document.components?.schemas ?? {}) as Record<string, Schema>;

/** A schema with its `$ref` followed. */
export function resolved(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (typeof current.$ref === "string") current = components[current.$ref.split("/").pop()!] ?? {};
  return current;
}

/** A value the schema accepts: its example, default, first enum value, or the least of its type. */
export function sampleOf(input: Schema | undefined, depth = 0): unknown {
  const schema = resolved(input);
  if (depth > 6) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choice = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (choice?.length) return sampleOf(choice.find((s) => resolved(s).type !== "null") ?? choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "email") return "ann@example.com";
      if (schema.format === "uri") return "https://example.com/hook";
      if (typeof schema.pattern === "string" && schema.pattern.includes("#")) return "#2a9d8f";
      return "x".repeat(Math.max(Number(schema.minLength ?? 1), 1));
    }
    case "integer":
    case "number":
      return Number(schema.minimum ?? schema.exclusiveMinimum ?? 1);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Number(schema.minItems ?? 1) }, () => sampleOf(schema.items as Schema, depth + 1));
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? Object.keys(properties).slice(0, 1)) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name], depth + 1)]));
    }
    default:
      return "x";
  }
}

/**
 * An OpenAPI path with each parameter filled in by the kind of record it names: `{id}` by the
 * segment before it ("/api/styles/{id}" → "styles"), any other by its own name.
 */
export function fillRecordPath(path: string, valueOf: (kind: string, name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
    const kind = name === "id" ? (path.slice(0, offset).split("/").filter(Boolean).pop() ?? "") : name;
    return encodeURIComponent(valueOf(kind, name));
  });
}
