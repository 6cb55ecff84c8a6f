import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createPageRenderer, RouterContextProvider } from "react-router";
import { readFileSync } from "node:fs";
import { servicesContext, staticPageContext } from "./ui/context";
import { machineRoutes } from "./machine-routes.server";
import { pageRequestGuard } from "./http/request-guards.server";
import { healthCheck } from "./http/health.server";
import { securityHeaders } from "./http/security-headers.server";
import { signedImageCopies } from "./http/signed-copies.server";
import { closeServices, getServices } from "./services.server";
import { getConfig } from "./configuration.server";
import { publicPageCache } from "./http/public-pages.server";
import { INSTANCE_SETTINGS_CHANNEL } from "./instance/instance-settings.server";
import { sessionCookieName } from "./auth/session-cookie.server";
import { FLASH_TOAST_COOKIE } from "#domain/flash-toast";
import { COLOUR_MODE_COOKIE } from "#domain/colour-mode";
import { serverTimingHeader } from "./db/statement-count.server";
import { announceControl, withdrawControl } from "./operator/control-file.server";
import { metricsRoute } from "./http/metrics-route.server";
import { requestMetrics } from "./metrics/metrics.server";
import { installProcessGuards } from "./process-guard.server";
import { getLogger } from "./logger.server";
import { presetCard } from "./styles/preset-cards.server";
import { closeRenderThread, enableRenderThread } from "./ui/render-thread.server";

const config = getConfig();

export const app = express();
app.disable("x-powered-by");
// One proxy hop: the client address is the one the proxy saw, not a header the client wrote.
if (config.trustProxy) app.set("trust proxy", 1);
app.use(securityHeaders({ isProduction: config.isProduction }));
app.use(requestMetrics());
if (config.serverTiming) app.use(serverTimingHeader());

app.get("/metrics", metricsRoute({ token: config.metricsToken }));

app.get("/healthz", healthCheck(getServices));

// The presets' cards: the samples a style made from each gets, drawn by the preview engine.
app.get("/preset-cards/:presetId/:file", (req, res, next) => presetCard(req, res).catch(next));

// The deployed build's id; clients poll it to notice a new release (spec §7).
app.get("/builds/latest.json", async (_req, res) => {
  const build = await import("virtual:react-router/server-build");
  res.setHeader("Cache-Control", "no-store");
  res.json({ id: build.assets.version });
});

app.use(machineRoutes({ getServices, config }));

async function loadContext() {
  const context = new RouterContextProvider();
  context.set(servicesContext, await getServices());
  return context;
}

// A function makes React Router rebuild its route tables on every request, which only the
// dev server needs (modules change under it); a built server passes the build itself.
const build = import.meta.env.DEV ? null : await import("virtual:react-router/server-build");

// Documents render on a second thread, built beside this entry (docs/decisions/133).
if (build && config.renderThread) enableRenderThread(new URL("./render-worker.js", import.meta.url));

app.use(pageRequestGuard);
app.use(
  createRequestHandler({
    build: build ?? (() => import("virtual:react-router/server-build")),
    getLoadContext: loadContext,
  }),
);

/**
 * For the server to mount in front of everything: image copies asked for with a valid
 * signature, streamed without the API's middleware (docs/decisions/045).
 */
export const imageCopies: express.RequestHandler[] = [
  requestMetrics(),
  ...(config.serverTiming ? [serverTimingHeader()] : []),
  securityHeaders({ isProduction: config.isProduction }),
  signedImageCopies(getServices),
];

/** Pages with nothing to hydrate but a menu and a sheet: served without React (docs/decisions/046). */
const WITHOUT_REACT = new Set(["/", "/terms", "/privacy"]);

/** The script those pages run instead, built beside the app (scripts/ensure-build.mjs). */
function readStaticPageScript(): string | null {
  try {
    return (JSON.parse(readFileSync("build/server/static-page.json", "utf8")) as { script: string }).script;
  } catch {
    return null;
  }
}
const staticPageScript = build ? readStaticPageScript() : null;

/**
 * For the built server to mount before compression: the public pages, rendered once and sent
 * precompressed to visitors without a session (docs/decisions/041).
 */
const publicPageStore = build
  ? publicPageCache({
      paths: {
        "/": { ignoreQuery: false },
        "/terms": { ignoreQuery: false },
        "/privacy": { ignoreQuery: false },
        "/auth/login": { ignoreQuery: false },
        // The link's token is read in the browser; the page itself is the same for every link.
        "/auth/verify": { ignoreQuery: true },
      },
      personalCookies: [sessionCookieName(true), sessionCookieName(false), FLASH_TOAST_COOKIE],
      variantCookie: COLOUR_MODE_COOKIE,
      maxAgeMs: 30_000,
      render: async (path, cookie) => {
        const context = await loadContext();
        if (staticPageScript && WITHOUT_REACT.has(path)) context.set(staticPageContext, { script: staticPageScript });
        return createPageRenderer(build, "production")(
          new Request(new URL(path, config.publicUrl), { headers: cookie ? { Cookie: cookie } : {} }),
          context,
        );
      },
    })
  : null;
export const publicPages: express.RequestHandler[] = publicPageStore
  ? [requestMetrics(), securityHeaders({ isProduction: config.isProduction }), publicPageStore]
  : [];

/**
 * Logs what escapes every handler instead of dying with it; `onFatal` stops the process
 * (non-zero) where Node cannot go on (process-guard.server.ts).
 */
export function guardProcess(onFatal: (error: unknown) => void): void {
  installProcessGuards({ logger: getLogger(), onFatal });
}

/**
 * Opens the database before the first request, so start-up errors surface at once; the kept
 * public pages are forgotten whenever any process changes the instance's settings.
 */
export async function start(): Promise<void> {
  const services = await getServices();
  if (publicPageStore) {
    const forget = () => publicPageStore.clear();
    await services.database.listen(INSTANCE_SETTINGS_CHANNEL, forget, forget);
  }
}

/** Before stopping: ends the long-lived event streams, so open requests can all finish. */
export async function drain(): Promise<void> {
  (await getServices()).events.endAll();
}

/**
 * Once the server answers at `url`: on the embedded database, which no other process may open,
 * the operator's commands are told where to ask instead (server/operator/control-file.server.ts).
 */
export async function listening(url: string): Promise<void> {
  const services = await getServices();
  if (services.database.kind === "pglite") announceControl(services.config.dataDir, url);
}

export async function stop(): Promise<void> {
  withdrawControl();
  await closeRenderThread();
  await closeServices();
}
