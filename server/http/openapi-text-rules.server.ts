import { textPatterns } from "#domain/text";

/**
 * States in the document the rule every JSON body is held to before any schema reads it
 * (refuse-control-characters.server.ts): no string in it carries a control character. A
 * string field of a request body that has no pattern of its own gets the one that says so;
 * the patterns fields have already (an e-mail, a colour, a model id, a name) allow none. No
 * address may carry a NUL (%00), so no parameter of the path or the query may either.
 */

type Node = { [key: string]: unknown };
type DocumentLike = {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; schema?: Node }[];
        requestBody?: { content?: Record<string, { schema?: Node }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Node> };
};

const BINARY = new Set(["binary", "byte"]);

/** No NUL: no address may carry %00 (request-guards.server.ts), whatever the parameter. */
const NO_NUL = "^[^\\u0000]*$";

function stateOn(schema: unknown, components: Record<string, Node>, seen: Set<Node>, pattern: string): void {
  if (!schema || typeof schema !== "object" || seen.has(schema as Node)) return;
  const node = schema as Node;
  seen.add(node);
  if (typeof node.$ref === "string") {
    stateOn(components[node.$ref.replace("#/components/schemas/", "")], components, seen, pattern);
    return;
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const plain = node.enum === undefined && node.const === undefined && !BINARY.has(node.format as string);
  if (types.includes("string") && plain && node.pattern === undefined) node.pattern = pattern;
  for (const key of ["items", "additionalProperties", "not"]) stateOn(node[key], components, seen, pattern);
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"])
    if (Array.isArray(node[key])) for (const part of node[key]) stateOn(part, components, seen, pattern);
  if (node.properties && typeof node.properties === "object")
    for (const property of Object.values(node.properties)) stateOn(property, components, seen, pattern);
}

/**
 * Adds, in place, the no-control-character pattern to every plain string of every request body,
 * and the no-NUL one to every plain string parameter of the path or the query.
 */
export function stateTextRules<D extends object>(built: D): D {
  const document = built as DocumentLike;
  const components = document.components?.schemas ?? {};
  const seen = new Set<Node>();
  for (const item of Object.values(document.paths ?? {}))
    for (const op of Object.values(item)) {
      for (const media of Object.values(op.requestBody?.content ?? {}))
        stateOn(media.schema, components, seen, textPatterns.noControl);
      for (const parameter of op.parameters ?? [])
        if (parameter.in === "query" || parameter.in === "path") stateOn(parameter.schema, components, seen, NO_NUL);
    }
  return built;
}
