import { createRequire } from "node:module";
import path from "node:path";
import { Router } from "express";
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

/** Not an API operation: a static asset of the reference page (GET /api/docs), so it is served as middleware. */
export function referenceScriptRoute(): Router {
  const router = Router();
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
