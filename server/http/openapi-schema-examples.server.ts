/**
 * Examples for the API reference, made from the document's own schemas: a value for every
 * request body and every JSON answer that does not carry one, so each operation shows what it
 * takes and gives. A field's own `example` (or default) wins; otherwise its name and format say
 * what a real one looks like. The suite checks every example against its schema.
 */
import { PREVIEW_PROVIDER_ID } from "#domain/preview";

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

export type SchemaComponents = Record<string, JsonSchema>;

const AT = "2026-11-26T10:00:00.000Z";

/** A model every instance has: the preview engine (a fresh instance offers no other). */
const MODEL = PREVIEW_PROVIDER_ID;
/** Where a webhook is posted: a public https address, as the server requires. */
const WEBHOOK_URL = "https://example.com/hooks/motif";

/** What a string field named so usually holds. */
const byName: [RegExp, string][] = [
  [/^(id|.*Id)$/, "k3v9q2m8x7w1p5r4"],
  [/^webhookUrl$/, WEBHOOK_URL],
  [/url$/i, "/api/images/k3v9q2m8x7w1p5r4"],
  [/email/i, "ann@example.com"],
  [/^(name|subject)$/, "Health potion"],
  [/^styleName$/, "Cozy inventory"],
  [/instruction/i, "wearing a red scarf"],
  [/prompt/i, "seen from the front"],
  [/description/i, "Flat vector icons, warm amber and deep teal"],
  [/^(model|provider|defaultModel)$/, MODEL],
  [/^(modelLabel|label)$/, "OpenAI gpt-image-1.5"],
  [/title/i, "Object “Health potion” · Cozy inventory"],
  [/message|error|reason/i, "Something to say, in words."],
  [/^(prefix)$/, "mtf_k3v9"],
  [/secret/i, "mtf_k3v9q2m8x7w1p5r4s6t8u0v2w4y6z8"],
  [/cursor/i, "eyJ2IjoxfQ"],
  [/format/i, "png"],
];

function stringExample(schema: JsonSchema, name: string): string {
  if (schema.format === "date-time") return AT;
  if (schema.format === "date") return AT.slice(0, 10);
  if (schema.format === "email") return "ann@example.com";
  if (schema.format === "uri" || schema.format === "url") return WEBHOOK_URL;
  if (schema.pattern === "^[a-z][a-z0-9-]{0,31}$") return MODEL;
  if (schema.pattern === "^#[0-9a-fA-F]{6}$") return "#E8A33D";
  const found = byName.find(([pattern]) => pattern.test(name))?.[1] ?? "text";
  let value = found;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && value.length < schema.minLength) value = value.padEnd(schema.minLength, "x");
  return value;
}

function numberExample(schema: JsonSchema, name: string): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const preferred = /credits|balance|price|spent/i.test(name) ? 12 : /width|height/i.test(name) ? 1024 : 1;
  let value = Math.max(preferred, low ?? preferred);
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  return value;
}

/** Nullable fields shown as null: what is empty while all is well. */
const QUIET_WHEN_NULL = /^(error|lastError|finishedAt|deliveredAt|lastResponse|step|previewNotes)$/;
/** Optional request fields a first example leaves out. */
const LEFT_OUT = /^mask$/;

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;

/** A plausible value of `schema` (a field called `name`), following references into `components`. */
export function exampleOf(schema: JsonSchema, components: SchemaComponents, name = "", depth = 0): unknown {
  if (depth > 12) return null;
  if (schema.$ref) {
    const target = components[schema.$ref.replace("#/components/schemas/", "")];
    return target ? exampleOf(target, components, name, depth + 1) : null;
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  // A field that is null until something goes wrong or ends shows as the usual case: null.
  if (variants?.some((variant) => typeOf(variant) === "null") && QUIET_WHEN_NULL.test(name)) return null;
  if (variants?.length) {
    const chosen = variants.find((variant) => typeOf(variant) !== "null" || variant.$ref) ?? variants[0]!;
    return exampleOf(chosen, components, name, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, components, name, depth + 1)));
  }
  switch (typeOf(schema)) {
    case "object": {
      const entries = Object.entries(schema.properties ?? {})
        // An optional field best left out of a first request (a painted mask) is left out.
        .filter(([key]) => !(LEFT_OUT.test(key) && !schema.required?.includes(key)))
        .map(([key, value]) => [key, exampleOf(value, components, key, depth + 1)]);
      return Object.fromEntries(entries);
    }
    case "array": {
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item, components, name, depth + 1));
      const item = schema.items ? exampleOf(schema.items, components, name.replace(/s$/, ""), depth + 1) : "text";
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case "string":
      return stringExample(schema, name);
    case "integer":
    case "number":
      return numberExample(schema, name);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}
