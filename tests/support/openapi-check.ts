import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { buildOpenApiDocument } from "#server/http/openapi.server";

type Document = ReturnType<typeof buildOpenApiDocument>;
type Schema = Record<string, unknown>;
interface DocumentedResponse {
  content?: Record<string, { schema?: Schema }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const COMPONENTS_ID = "motif-components";

/** "/api/objects/:id" and "/api/objects/{id}" name the same operation. */
const template = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const key = (method: string, path: string) => `${method.toUpperCase()} ${template(path)}`;

/** The document's `#/components/schemas/X` refs, pointed at the components registered on their own. */
function pointRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(pointRefs);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string"
        ? v.replace("#/components/schemas/", `${COMPONENTS_ID}#/$defs/`)
        : pointRefs(v),
    ]),
  );
}

export interface OpenApiCheck {
  /**
   * Checks a response against the document's operation (method, path template): its
   * status is documented, its media type is one documented for that status, and a JSON
   * body matches the documented schema. Returns the JSON body (undefined for others); a
   * body with content is left readable. Records the operation as exercised.
   */
  check(response: Response, method: string, path: string): Promise<unknown>;
  /** Checks a value against one of the document's component schemas (an event's data). */
  checkComponent(name: string, value: unknown): void;
  /** Every documented operation, as "METHOD /path/{param}". */
  operations(): string[];
  /** The documented operations no checked response has exercised yet. */
  notExercised(): string[];
}

export function openApiCheck(document: Document): OpenApiCheck {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` and the like are annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: pointRefs(document.components?.schemas ?? {}) as Schema });
  const compiled = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(pointRefs(schema) as Schema)));
    return validate;
  };
  const assertValid = (schema: Schema, value: unknown, label: string) => {
    const validate = validatorOf(schema);
    if (!validate(value)) {
      throw new Error(
        `${label} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value, null, 2).slice(0, 2000)}`,
      );
    }
  };

  const paths = (document.paths ?? {}) as Record<string, Partial<Record<string, { responses: Schema }>>>;
  const all = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => key(method, path)),
  );
  const hits = new Set<string>();

  return {
    async check(response, method, path) {
      const label = `${key(method, path)} → ${response.status}`;
      const operation = paths[template(path)]?.[method.toLowerCase()];
      if (!operation) throw new Error(`${key(method, path)} is not in the OpenAPI document.`);
      hits.add(key(method, path));
      const documented = (operation.responses as Record<string, DocumentedResponse>)[String(response.status)];
      if (!documented) {
        const body = await response.text();
        throw new Error(`${label}: the status is not documented for this operation. Body: ${body.slice(0, 500)}`);
      }
      const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
      if (!documented.content) {
        const body = await response.text();
        if (body !== "" && response.status !== 302) {
          throw new Error(`${label}: documented without a body, but answered ${mediaType}: ${body.slice(0, 200)}`);
        }
        return undefined;
      }
      const media = documented.content[mediaType];
      if (!media) {
        throw new Error(`${label}: answered ${mediaType}; documented ${Object.keys(documented.content).join(", ")}.`);
      }
      if (mediaType !== "application/json") return undefined;
      // Read from a copy: the caller may still read the answer itself.
      const body: unknown = await response.clone().json();
      if (media.schema) assertValid(media.schema, body, label);
      return body;
    },
    checkComponent(name, value) {
      if (!document.components?.schemas?.[name]) throw new Error(`No component schema ${name}.`);
      assertValid({ $ref: `#/components/schemas/${name}` }, value, name);
    },
    operations: () => [...all],
    notExercised: () => all.filter((operation) => !hits.has(operation)),
  };
}
