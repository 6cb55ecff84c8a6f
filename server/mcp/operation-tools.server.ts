import { z } from "zod";
import type { Operation } from "../http/operations/operation.server";
import { idempotencyKeyInput } from "../http/operations/tool-inputs";
import { answerSafely, onceForKey, toolAnswer } from "./tool-results.server";
import { argumentsSchema, resultSchema, type McpTool } from "./tool.server";

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

type JsonSchemaObject = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/**
 * A tool's operation answers from what it was given, never from the HTTP request (there is
 * none): a handler that reads it fails at once, with a message that says so.
 */
const noRequest = new Proxy(
  {},
  {
    get(_target, key) {
      throw new Error(`An operation exposed as a tool read the HTTP request (${String(key)})`);
    },
  },
);

/**
 * The MCP tool of an operation that declares one. Its arguments are the path's parameters
 * (under the names the tool gives them) and the fields of the operation's body or query,
 * described by the same schema and checked by it with the app's messages; a paying one also
 * takes an `idempotencyKey`. It calls the operation's own handler, so an agent gets what
 * the JSON API answers: the same defaults, checks, errors and reply.
 */
export function toolOfOperation(op: Operation): McpTool {
  const tool = op.tool;
  if (!tool) throw new Error(`${op.method} ${op.path} declares no tool`);
  if ((op.access !== "user" && op.access !== "public") || op.multipart || op.rawBody || op.authenticate) {
    throw new Error(`${op.method} ${op.path} cannot be a tool: it needs a browser, a form or its raw request`);
  }
  const input = op.json ?? op.query ?? z.object({});
  const params = pathParams(op.path).map((param) => ({
    param,
    name: tool.params?.[param]?.name ?? param,
    description: tool.params?.[param]?.description ?? `The ${param} in ${op.path}.`,
  }));
  const fields = argumentsSchema(input) as JsonSchemaObject;
  const properties: Record<string, Record<string, unknown>> = {};
  for (const { name, description } of params) properties[name] = { type: "string", minLength: 1, description };
  for (const [field, schema] of Object.entries(fields.properties ?? {})) {
    const description = tool.arguments?.[field];
    properties[field] = description ? { ...schema, description } : schema;
  }
  if (op.spends) properties.idempotencyKey = argumentsSchema(idempotencyKeyInput);
  // Its structured content is the operation's JSON answer: one of its success replies.
  const replies = [
    ...new Set(
      Object.entries(op.responses)
        .filter(([status]) => status.startsWith("2"))
        .flatMap(([, reply]) => (reply.json ? [reply.json] : [])),
    ),
  ];
  const paramsSchema = z.object(
    Object.fromEntries(
      params.map(({ name }) => [name, z.string({ error: `Give the ${name}.` }).min(1, `Give the ${name}.`)]),
    ),
  );

  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: {
      type: "object",
      properties,
      required: [...params.map(({ name }) => name), ...(fields.required ?? [])],
    },
    ...(replies.length ? { outputSchema: resultSchema(replies.length === 1 ? replies[0]! : z.union(replies)) } : {}),
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly ?? op.method === "get",
      destructiveHint: op.method === "delete",
      idempotentHint: tool.idempotent ?? (op.method === "get" || op.method === "delete"),
      openWorldHint: false,
    },
    call: (context, args) =>
      answerSafely(async () => {
        const { idempotencyKey, ...rest } = args;
        const named = paramsSchema.parse(rest) as Record<string, string>;
        const given = { ...rest };
        for (const { name } of params) delete given[name];
        const checked = input.parse(given);
        const run = async () => {
          const answer = await op.handle({
            req: noRequest as never,
            res: noRequest as never,
            services: context.services,
            user: context.user,
            params: Object.fromEntries(params.map(({ param, name }) => [param, named[name]!])),
            query: (op.query ? checked : undefined) as never,
            body: (op.json ? checked : undefined) as never,
            operations: [],
          });
          if (!answer) throw new Error(`${op.method} ${op.path} answered nothing to a tool`);
          const link = (path: string) => `${context.services.config.publicUrl}${path}`;
          const body = (answer.body ?? {}) as Record<string, unknown>;
          return toolAnswer(tool.summarize(body, { status: answer.status, link }), body);
        };
        if (!op.spends) return run();
        const key = idempotencyKeyInput.optional().parse(idempotencyKey);
        return onceForKey(context, { tool: tool.name, idempotencyKey: key, args: rest }, run);
      }),
  };
}
