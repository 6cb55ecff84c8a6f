import { createHash } from "node:crypto";
import { idempotencyKeySchema } from "#domain/idempotency";
import { inWorkspace, runOnce } from "../idempotency/idempotency-keys.server";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import { AppError, fieldOf } from "#domain/errors";
import { getLogger } from "../logger.server";
import type { ApiUser } from "../http/require-user.server";
import type { Services } from "../services";

/** What every tool acts with: the app's services and the API key's user. */
export interface ToolContext {
  services: Services;
  user: ApiUser;
}

/**
 * A tool's answer: a sentence for the agent to read, then the same facts as JSON, both
 * as text (what every client shows) and as structured content (what newer ones parse).
 */
export function toolAnswer(summary: string, data: Record<string, unknown>): CallToolResult {
  return {
    content: [
      { type: "text", text: summary },
      { type: "text", text: JSON.stringify(data, null, 2) },
    ],
    structuredContent: data,
  };
}

/** The app's plain message for an error; anything unexpected is logged and not shown. */
export function errorMessage(error: unknown): string {
  // A field is named as the HTTP API's `fields[].path` names it: "subjects.0", "model".
  if (error instanceof AppError) {
    const field = fieldOf(error);
    return field ? `${error.message} (${field})` : error.message;
  }
  if (error instanceof ZodError) {
    return error.issues
      .map((issue) => (issue.path.length ? `${issue.message} (${issue.path.join(".")})` : issue.message))
      .join(" ");
  }
  getLogger().error({ err: error }, "MCP tool failed");
  return "Something went wrong. Please try again.";
}

/** Runs a tool's work; a failure is a tool error the agent can read and act on, never a protocol error. */
export async function answerSafely(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: errorMessage(error) }] };
  }
}

/** An absolute link to an image, for agents that fetch it themselves (with the same key). */
export const imageLink = (services: Services, imageId: string) => `${services.config.publicUrl}/api/images/${imageId}`;

/**
 * A paying tool's work, done at most once per `idempotencyKey` when the agent sends one:
 * a retry with the same key and arguments gets the first answer and pays nothing again
 * (the same store as the HTTP API's Idempotency-Key). Another call with the key is refused.
 */
export async function onceForKey(
  context: ToolContext,
  call: { tool: string; idempotencyKey?: string; args: Record<string, unknown> },
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  if (call.idempotencyKey === undefined) return work();
  const key = idempotencyKeySchema.parse(call.idempotencyKey);
  if (!key) return work();
  const { id: userId, workspace } = context.user;
  const content = inWorkspace({ userId, workspaceId: workspace.id, content: call.args });
  const requestHash = createHash("sha256")
    .update(JSON.stringify(["mcp", call.tool, content]))
    .digest("hex");
  const { answer } = await runOnce(context.services.database.db, {
    // Keys are the person's, like the HTTP API's, and bound to the workspace they act in.
    userId,
    key,
    requestHash,
    run: async () => ({ status: 200, body: await work() }),
  });
  return answer.body as CallToolResult;
}
