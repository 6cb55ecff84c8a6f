import { SESSION_COOKIE } from "../auth/session-cookie.server";
import type { CodeSample } from "./openapi-flow-samples.server";
import { exampleOf, type SchemaComponents } from "./openapi-schema-examples.server";

/**
 * Completes a built document for the reference page: an example on every JSON request body and
 * JSON answer without one, and curl, fetch and Python samples for every operation without
 * hand-written ones, built from its method, path, who may call it and its example body.
 */

interface MediaObject {
  schema?: object;
  example?: unknown;
  examples?: unknown;
}
interface OperationObject {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema?: object; required?: boolean }[];
  requestBody?: { content?: Record<string, MediaObject> };
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
  "x-codeSamples"?: CodeSample[];
}
interface DocumentLike {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown> };
}

/** How a sample authenticates: a key, the browser's session, or nobody. */
function authOf(op: OperationObject): "key" | "session" | "none" {
  if (op.security === undefined) return "key";
  if (op.security.length === 0) return "none";
  return "session";
}

function withExample(media: MediaObject | undefined, components: SchemaComponents): void {
  if (!media?.schema || media.example !== undefined || media.examples !== undefined) return;
  media.example = exampleOf(media.schema, components);
}

/** The path with each parameter filled by its example, as the samples call it. */
function concretePath(path: string, op: OperationObject, components: SchemaComponents): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const param = op.parameters?.find((p) => p.in === "path" && p.name === name);
    return String(exampleOf(param?.schema ?? { type: "string" }, components, name));
  });
}

function samplesFor(method: string, path: string, op: OperationObject, components: SchemaComponents): CodeSample[] {
  const url = concretePath(path, op, components);
  const auth = authOf(op);
  const body = op.requestBody?.content?.["application/json"]?.example;
  const spends = op.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key");
  const verb = method.toUpperCase();
  const json = body === undefined ? undefined : JSON.stringify(body);

  const curl = [`curl -sS${verb === "GET" ? "" : ` -X ${verb}`} "$MOTIF_URL${url}"`];
  if (auth === "key") curl.push(`-H "Authorization: Bearer $MOTIF_KEY"`);
  if (auth === "session") curl.push(`-b "${SESSION_COOKIE}=$MOTIF_SESSION" -H "Origin: $MOTIF_URL"`);
  if (spends) curl.push(`-H "Idempotency-Key: $(uuidgen)"`);
  if (json) curl.push(`-H "Content-Type: application/json"`, `-d '${json.replaceAll("'", "'\\''")}'`);

  const headers: string[] = [];
  if (auth === "key") headers.push("Authorization: `Bearer ${process.env.MOTIF_KEY}`");
  if (spends) headers.push('"Idempotency-Key": crypto.randomUUID()');
  if (json) headers.push('"Content-Type": "application/json"');
  const init = [
    ...(verb === "GET" ? [] : [`method: "${verb}"`]),
    ...(headers.length ? [`headers: { ${headers.join(", ")} }`] : []),
    ...(auth === "session" ? ['credentials: "include"'] : []),
    ...(json ? [`body: JSON.stringify(${json})`] : []),
  ];
  const fetchSource = [
    `const response = await fetch(\`\${process.env.MOTIF_URL}${url}\`${init.length ? `, {\n  ${init.join(",\n  ")},\n}` : ""});`,
    "if (!response.ok) throw new Error((await response.json()).error.message);",
  ].join("\n");

  const pyHeaders = [
    ...(auth === "key" ? ['"Authorization": f"Bearer {os.environ[\'MOTIF_KEY\']}"'] : []),
    ...(spends ? ['"Idempotency-Key": str(uuid.uuid4())'] : []),
  ];
  const python = [
    `import os${spends ? ", uuid" : ""}`,
    "import requests",
    "",
    `response = requests.${method}(`,
    `    f"{os.environ['MOTIF_URL']}${url}",`,
    ...(pyHeaders.length ? [`    headers={${pyHeaders.join(", ")}},`] : []),
    ...(auth === "session" ? [`    cookies={"${SESSION_COOKIE}": os.environ['MOTIF_SESSION']},`] : []),
    ...(json ? [`    json=${pythonLiteral(body)},`] : []),
    ")",
    "response.raise_for_status()",
  ].join("\n");

  return [
    { lang: "Shell", label: "curl", source: curl.join(" \\\n  ") },
    { lang: "TypeScript", label: "fetch", source: fetchSource },
    { lang: "Python", label: "requests", source: python },
  ];
}

/** A JSON value as Python source (true → True, null → None). */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}: ${pythonLiteral(inner)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value);
}

export function completeForReference<D extends object>(built: D): D {
  const document = built as DocumentLike;
  const components = (document.components?.schemas ?? {}) as SchemaComponents;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      withExample(op.requestBody?.content?.["application/json"], components);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status.startsWith("2")) withExample(response.content?.["application/json"], components);
      }
      op["x-codeSamples"] ??= samplesFor(method, path, op, components);
    }
  }
  return built;
}
