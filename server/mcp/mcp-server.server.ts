import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { apiOperations } from "../http/operations/index.server";
import type { Operation } from "../http/operations/operation.server";
import { getImagesTool } from "./images-tool.server";
import { buildIconPackageTool } from "./icon-package-tool.server";
import { getJobTool } from "./job-tool.server";
import { toolOfOperation } from "./operation-tools.server";
import { createStyleTool, listStylesTool } from "./style-tools.server";
import type { ToolContext } from "./tool-results.server";
import type { McpTool } from "./tool.server";

const INSTRUCTIONS =
  "Motif makes sets of images (icons, sprites, props) that share one visual style. " +
  "Typical flow: list_styles to find a style (or create_style from a description and wait for its samples), " +
  "generate_objects with one subject per object, get_job with wait_seconds until it has succeeded, " +
  "then get_images to see them. Every image costs credits; prices are in list_styles. " +
  "upscale_image makes a larger copy of an image (free, no AI), ai_upscale_image with a model's upscaler (paid); " +
  "make_variations and draw_views make more images of an object (other takes, or other poses, views or states); " +
  "edit_image changes an image as words say, or repaints one region of it; remove_background makes it transparent; " +
  "for an object the preview engine drew, list_drawings and choose_drawing pick the library drawing it is drawn from.";

/** The tools that are more than one operation: a list gathered from several, a wait, pictures. */
const handWritten: McpTool[] = [listStylesTool, createStyleTool, getJobTool, getImagesTool, buildIconPackageTool];

/** Every tool an agent is offered: the hand-written ones, and one for each operation that declares a tool. */
export function agentTools(operations: readonly Operation[] = apiOperations): McpTool[] {
  return [...handWritten, ...operations.filter((op) => op.tool).map(toolOfOperation)];
}

let offered: McpTool[] | undefined;

/**
 * One MCP server for one request, acting as the API key's user. The SDK's low-level server
 * takes the tools as listed here, so a tool's arguments are described by the JSON Schema of
 * the operation it comes from, and checked by the app's own schema with its messages.
 */
export function createMcpServer(context: ToolContext, tools: readonly McpTool[] = (offered ??= agentTools())): Server {
  const server = new Server(
    { name: "motif", version: "1.0.0" },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool named ${request.params.name}.`);
    return tool.call(context, request.params.arguments ?? {}, extra.signal);
  });
  return server;
}
