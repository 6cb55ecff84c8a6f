import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "./context";
import { createApi } from "./http/api.server";
import { pageRequestGuard } from "./http/request-guards.server";
import { healthCheck } from "./http/health.server";
import { createMcpRoute } from "./mcp/mcp-route.server";
import { securityHeaders } from "./http/security-headers.server";
import { closeServices, getServices } from "./services.server";
import { getConfig } from "./config.server";

const config = getConfig();

export const app = express();
app.disable("x-powered-by");
// One proxy hop: the client address is the one the proxy saw, not a header the client wrote.
if (config.trustProxy) app.set("trust proxy", 1);
app.use(securityHeaders({ isProduction: config.isProduction }));

app.get("/healthz", healthCheck(getServices));

// The deployed build's id; clients poll it to notice a new release (spec §7).
app.get("/builds/latest.json", async (_req, res) => {
  const build = await import("virtual:react-router/server-build");
  res.setHeader("Cache-Control", "no-store");
  res.json({ id: build.assets.version });
});

app.use("/api", createApi({ getServices, origins: config }));
// For AI agents: API keys only, so it needs no same-origin check (docs/decisions/031).
app.use("/mcp", createMcpRoute({ getServices }));

app.use(pageRequestGuard);
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    async getLoadContext() {
      const context = new RouterContextProvider();
      context.set(servicesContext, await getServices());
      return context;
    },
  }),
);

/** Opens the database before the first request, so start-up errors surface at once. */
export async function start(): Promise<void> {
  await getServices();
}

export async function stop(): Promise<void> {
  await closeServices();
}
