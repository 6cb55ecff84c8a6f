import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express";
import { ZodError } from "zod";
import { AppError } from "#domain/errors";
import { statusByCode } from "../http/errors.server";
import { assertNoControlCharacters } from "../http/refuse-control-characters.server";
import { addressProblem } from "../http/request-guards.server";
import { bearerSecret, requireApiUser, type ApiUser } from "../http/require-user.server";
import { getLogger } from "../logger.server";
import type { Services } from "../services";
import { meterBatches } from "./batches.server";
import { refuseForeignOrigins } from "./foreign-origins.server";
import { JSON_RPC, sendJsonRpcError } from "./json-rpc-error.server";
import { errorMessage } from "./tool-results.server";
import { resourceMetadataPath } from "./resource-metadata.server";

/** A JSON-RPC message: the largest tool arguments (a 2,000-character description, 50 subjects) fit many times over. */
const BODY_LIMIT = "64kb";

type Locals = { user: ApiUser };

/** API keys only: a browser's cookie is never read here, so no page can act through it. */
const authenticate =
  (getServices: () => Promise<Services>): RequestHandler =>
  async (req, res, next) => {
    try {
      if (bearerSecret(req) === null) {
        throw new AppError("unauthorized", "Send your Motif API key as Authorization: Bearer <key>.");
      }
      const services = await getServices();
      (res.locals as Locals).user = await requireApiUser(req, services);
      next();
    } catch (error) {
      next(error);
    }
  };

const guardAddress: RequestHandler = (req, _res, next) => next(addressProblem(req) ?? undefined);

/**
 * A NUL or another control character is refused before any tool runs. In a tool call's arguments
 * it is answered as a tool error, as every other bad argument is, so the client's session goes on;
 * anywhere else in the message it is an invalid request.
 */
const refuseControlCharacters: RequestHandler = (req, res, next) => {
  try {
    assertNoControlCharacters(req);
    next();
  } catch (error) {
    const message = req.body as { method?: unknown; id?: unknown } | undefined;
    const id = message?.id;
    if (
      error instanceof ZodError &&
      message?.method === "tools/call" &&
      (typeof id === "string" || typeof id === "number")
    ) {
      res.setHeader("Cache-Control", "no-store");
      // Named as a tool's own checks name an argument ("name", not "params.arguments.name").
      const inArguments = (path: PropertyKey[]) =>
        path[0] === "params" && path[1] === "arguments" ? path.slice(2) : path;
      const text = errorMessage(
        new ZodError(error.issues.map((issue) => ({ ...issue, path: inArguments(issue.path) }))),
      );
      res.json({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], isError: true } });
      return;
    }
    next(error);
  }
};

const mcpErrorHandler =
  (publicUrl: string): ErrorRequestHandler =>
  (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AppError) {
      res.set(error.headers);
      // RFC 6750: the scheme, and whether the key sent was refused; RFC 9728 (as the MCP
      // authorization spec asks): where the metadata says API keys are used, not OAuth.
      if (error.code === "unauthorized") {
        const metadata = `resource_metadata="${publicUrl}${resourceMetadataPath}"`;
        res.setHeader(
          "WWW-Authenticate",
          req.get("Authorization")
            ? `Bearer realm="Motif", error="invalid_token", ${metadata}`
            : `Bearer realm="Motif", ${metadata}`,
        );
      }
      return sendJsonRpcError(res, statusByCode[error.code], error.message);
    }
    if (error instanceof ZodError) return sendJsonRpcError(res, 400, errorMessage(error), JSON_RPC.invalidRequest);
    // Body-parser errors: malformed JSON, too large, a wrong charset.
    const status = (error as { status?: number; type?: string }).status;
    if (status === 413) return sendJsonRpcError(res, 413, "The request is too large.", JSON_RPC.invalidRequest);
    if (status && status >= 400 && status < 500) {
      return sendJsonRpcError(res, status, "The request is not valid JSON.", JSON_RPC.parseError);
    }
    getLogger().error({ err: error }, "unhandled MCP error");
    sendJsonRpcError(res, 500, "Something went wrong. Please try again.", JSON_RPC.internalError);
  };

/**
 * /mcp: the Model Context Protocol over Streamable HTTP, stateless (one server and
 * transport per request, as nothing is kept between calls), answering JSON rather
 * than an event stream. Only POST carries messages; GET and DELETE are for sessions
 * and server-sent streams, which a stateless server has none of.
 */
export function createMcpRoute(options: {
  getServices: () => Promise<Services>;
  publicUrl: string;
  /** The origins a browser page may call from (DNS-rebinding protection); a request without Origin is no page. */
  allowedOrigins: readonly string[];
}): Router {
  const router = express.Router();
  router.use(guardAddress);
  router.use(refuseForeignOrigins(options.allowedOrigins));
  router.post(
    "/",
    authenticate(options.getServices),
    express.json({ limit: BODY_LIMIT }),
    refuseControlCharacters,
    meterBatches(options.getServices),
    async (req, res) => {
      const services = await options.getServices();
      // The MCP SDK loads with the first MCP message, not with every web process.
      const [{ StreamableHTTPServerTransport }, { createMcpServer }] = await Promise.all([
        import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
        import("./mcp-server.server"),
      ]);
      const server = createMcpServer({ services, user: (res.locals as Locals).user });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );
  router.all("/", (_req, res) => {
    res.setHeader("Allow", "POST");
    sendJsonRpcError(res, 405, "Method not allowed: this server takes MCP messages by POST only.");
  });
  router.use(mcpErrorHandler(options.publicUrl));
  return router;
}
