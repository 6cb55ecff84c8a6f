import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import { AppError } from "#domain/errors";
import { getLogger } from "../logger.server";
import type { ApiUser } from "../http/require-user.server";
import type { Services } from "../services.server";

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
  if (error instanceof AppError) return error.message;
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
