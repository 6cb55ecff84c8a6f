import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerEditTool } from "./edit-tool.server";
import { registerGenerateTool } from "./generate-tool.server";
import { registerImagesTool } from "./images-tool.server";
import { registerJobTool } from "./job-tool.server";
import { registerStyleTools } from "./style-tools.server";
import { registerUpscaleTool } from "./upscale-tool.server";
import { registerViewsTool } from "./views-tool.server";
import type { ToolContext } from "./tool-results.server";

const INSTRUCTIONS =
  "Motif makes sets of images (icons, sprites, props) that share one visual style. " +
  "Typical flow: list_styles to find a style (or create_style from a description and wait for its samples), " +
  "generate_objects with one subject per object, get_job with wait_seconds until it has succeeded, " +
  "then get_images to see them. Every image costs credits; prices are in list_styles. " +
  "upscale_image makes a larger copy of an image (free, no AI); draw_views draws an object again in other poses, views or states; " +
  "edit_image changes an image as words say, or repaints one region of it.";

/** One MCP server for one request, acting as the API key's user. */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: "motif", version: "1.0.0" }, { instructions: INSTRUCTIONS });
  registerStyleTools(server, context);
  registerGenerateTool(server, context);
  registerJobTool(server, context);
  registerImagesTool(server, context);
  registerUpscaleTool(server, context);
  registerViewsTool(server, context);
  registerEditTool(server, context);
  return server;
}
