import type { CallToolResult, Tool, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { answerSafely, type ToolContext } from "./tool-results.server";

/** One MCP tool: what tools/list shows of it, and what tools/call runs. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Tool["inputSchema"];
  /** What its structured content holds (MCP 2025-06-18), for a tool that answers with some. */
  outputSchema?: Tool["outputSchema"];
  annotations: ToolAnnotations;
  /** Never throws: a failure is a tool error the agent reads. */
  call(context: ToolContext, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
}

/** A schema as JSON Schema, as a tool's arguments are listed (what a client sends, before defaults). */
export function argumentsSchema(schema: z.ZodType): Tool["inputSchema"] {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return { ...json, type: "object" } as Tool["inputSchema"];
}

/**
 * A tool's structured content as JSON Schema: what the answer holds (after JSON, so dates are
 * strings). MCP asks for an object at the top; a union of objects is one.
 */
export function resultSchema(schema: z.ZodType): NonNullable<Tool["outputSchema"]> {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return { ...json, type: "object" } as NonNullable<Tool["outputSchema"]>;
}

/**
 * A tool that is not one operation of the API (a list that gathers several, a call that
 * waits, images as pictures): its arguments as a zod shape, checked before `run`.
 */
export function defineTool<S extends z.ZodRawShape>(tool: {
  name: string;
  title: string;
  description: string;
  input?: S;
  /** What its structured content holds. */
  output?: z.ZodType;
  annotations: ToolAnnotations;
  run(context: ToolContext, args: z.output<z.ZodObject<S>>, signal: AbortSignal): Promise<CallToolResult>;
}): McpTool {
  const input = z.object(tool.input ?? ({} as S));
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: argumentsSchema(input),
    ...(tool.output ? { outputSchema: resultSchema(tool.output) } : {}),
    annotations: { title: tool.title, ...tool.annotations },
    call: (context, args, signal) => answerSafely(() => tool.run(context, input.parse(args), signal)),
  };
}
