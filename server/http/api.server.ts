import express, { type Router } from "express";
import type { Services } from "../services";
import { referenceScriptRoute } from "./api-reference.server";
import { apiErrorHandler } from "./errors.server";
import { methodNotAllowed } from "./method-not-allowed.server";
import { apiOperations } from "./operations/index.server";
import { operationsRouter } from "./operations/mount.server";
import { requireSameOrigin, type OriginPolicy } from "./origin-check.server";
import { refuseControlCharacters } from "./refuse-control-characters.server";
import { apiRequestGuard } from "./request-guards.server";

/** Everything under /api: JSON in and out, same-origin mutations only, every route from its declaration. */
export function createApi(options: { getServices: () => Promise<Services>; origins: OriginPolicy }): Router {
  const { getServices } = options;
  const api = express.Router();
  api.use(apiRequestGuard);
  // Signed webhooks (Stripe) need the raw body and are no browser: before the JSON parser and the origin check.
  api.use(operationsRouter({ getServices, operations: apiOperations, select: (op) => op.rawBody === true }));
  // Calls that take more than the usual body (an edit's painted region) say so in their declaration.
  for (const op of apiOperations.filter((o) => o.bodyLimit))
    api.use(op.path.replace(/^\/api/, ""), express.json({ limit: op.bodyLimit }));
  api.use(express.json({ limit: "32kb" }));
  api.use(refuseControlCharacters);
  api.use(requireSameOrigin(options.origins));
  api.use(referenceScriptRoute());
  api.use(operationsRouter({ getServices, operations: apiOperations, select: (op) => !op.rawBody }));
  // A path the API has, with a method it has not: 405 and the methods it has.
  api.use(methodNotAllowed(apiOperations));
  // Unknown API calls get JSON, not the HTML 404 page.
  api.use((_req, res) => {
    res.status(404).json({ error: { code: "not_found", message: "Not found" } });
  });
  api.use(apiErrorHandler);
  return api;
}
