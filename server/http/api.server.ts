import express, { type Router } from "express";
import type { Services } from "../services.server";
import { analyticsApi } from "./analytics-api.server";
import { apiReferenceRoutes } from "./api-reference.server";
import { authApi } from "./auth-api.server";
import { creditsApi } from "./credits-api.server";
import { eventsApi } from "./events-api.server";
import { filesApi } from "./files-api.server";
import { jobsApi } from "./jobs-api.server";
import { keysApi } from "./keys-api.server";
import { objectsApi } from "./objects-api.server";
import { operatorApi } from "./operator-api.server";
import { stylesApi } from "./styles-api.server";
import { apiErrorHandler } from "./errors.server";
import { refuseControlCharacters } from "./refuse-control-characters.server";
import { apiRequestGuard } from "./request-guards.server";
import { requireSameOrigin, type OriginPolicy } from "./origin-check.server";
import { setupApi } from "./setup-api.server";
import { stripeWebhook } from "./stripe-webhook.server";
import { usersApi } from "./users-api.server";

/** Everything under /api: JSON in and out, same-origin mutations only. */
export function createApi(options: { getServices: () => Promise<Services>; origins: OriginPolicy }): Router {
  const api = express.Router();
  api.use(apiRequestGuard);
  // Stripe signs the raw body and is no browser: before the JSON parser and the origin check.
  api.use("/stripe/webhook", stripeWebhook(options.getServices));
  // An edit may carry its painted region, a PNG as base64 (limits.editMaskBase64).
  api.use("/objects/:id/edit", express.json({ limit: "6mb" }));
  api.use(express.json({ limit: "32kb" }));
  api.use(refuseControlCharacters);
  api.use(requireSameOrigin(options.origins));
  api.use(apiReferenceRoutes());
  api.use("/auth", authApi(options.getServices));
  api.use("/users", usersApi(options.getServices));
  api.use("/credits", creditsApi(options.getServices));
  api.use("/analytics", analyticsApi(options.getServices));
  api.use("/styles", stylesApi(options.getServices));
  api.use("/objects", objectsApi(options.getServices));
  api.use("/jobs", jobsApi(options.getServices));
  api.use("/events", eventsApi(options.getServices));
  api.use("/setup", setupApi(options.getServices));
  api.use("/keys", keysApi(options.getServices));
  api.use("/operator", operatorApi(options.getServices));
  api.use(filesApi(options.getServices));
  // Unknown API calls get JSON, not the HTML 404 page.
  api.use((_req, res) => {
    res.status(404).json({ error: { code: "not_found", message: "Not found" } });
  });
  api.use(apiErrorHandler);
  return api;
}
