import { apiReference } from "@scalar/express-api-reference";
import { Router } from "express";
import { createRequire } from "node:module";
import path from "node:path";
import { AppError } from "./errors.server";

export const OPENAPI_PATH = "/api/openapi.json";
export const REFERENCE_PATH = "/api/docs";
/** The reference page's script, served from our own package copy: the page works without internet. */
export const REFERENCE_SCRIPT_PATH = "/api/docs/scalar.js";

/** Where the installed @scalar/api-reference keeps its single-file browser build; null when it is not installed. */
function referenceBundlePath(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
    return path.join(path.dirname(entry), "browser", "standalone.js");
  } catch {
    return null;
  }
}

/** The document (anyone may read it, and keep it a few minutes) and its interactive reference page. */
export function apiReferenceRoutes(): Router {
  const router = Router();

  router.get("/openapi.json", async (_req, res) => {
    // The document builder (zod-openapi) loads with the first request for it, not with the server.
    const { openApiJson } = await import("./openapi.server");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("application/json").send(openApiJson());
  });

  router.get(
    "/docs",
    (_req, res, next) => {
      res.setHeader("Cache-Control", "public, max-age=300");
      next();
    },
    apiReference({
      url: OPENAPI_PATH,
      pageTitle: "Motif API",
      // The UMD build from our own origin, instead of the CDN's.
      cdn: REFERENCE_SCRIPT_PATH,
      // Nothing leaves the page but calls to this Motif: no web fonts, telemetry or hosted helpers.
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      mcp: { disabled: true },
      agent: { disabled: true },
      persistAuth: false,
    }),
  );

  // Not an API operation: a static asset of the page above, so it is served as middleware.
  router.use("/docs/scalar.js", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const bundle = referenceBundlePath();
    if (!bundle) return next(new AppError("not_found", "The API reference's script is not installed."));
    const headers = { "Content-Type": "text/javascript; charset=utf-8" };
    // Called on success too: only an error goes on to the error handler.
    res.sendFile(bundle, { maxAge: "1d", headers }, (error?: Error) => error && next(error));
  });

  return router;
}
