import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { staticPageContext } from "#server/ui/context";
import { clearFlashToastCookie, readFlashToasts } from "#server/ui/flash-toast.server";
import type { Route } from "./+types/root";
import interLatin from "./fonts/inter-latin-wght-400-700.woff2?url";
import stylesheet from "./app.css?url";
import { ColourModeProvider } from "./components/colour-mode-provider";
import { AppEffects } from "./components/app-effects";
import { ErrorPage } from "./components/error-page";
import { SessionSync } from "./components/session-sync";
import { StaticPageProvider, StaticTooltipTemplate } from "./components/static-page";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { colourModeScript, readPreferenceCookie, type ResolvedColourMode } from "#domain/colour-mode";
import { toast } from "./lib/state/toast-store";

// The one face every page's first paint uses (Latin), fetched beside the stylesheet rather
// than after it: text is drawn once in Inter instead of swapping from a fallback and moving.
export const links: LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const flashToasts = readFlashToasts(request);
  return data(
    {
      colourMode: readPreferenceCookie(request.headers.get("Cookie")),
      flashToasts,
      staticPage: context.get(staticPageContext),
    },
    flashToasts.length ? { headers: { "Set-Cookie": clearFlashToastCookie() } } : undefined,
  );
}

/** A route forces a colour mode with `export const handle = { colourMode: "dark" }`. */
function useForcedColourMode(): ResolvedColourMode | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const mode = (matches[i]?.handle as { colourMode?: ResolvedColourMode } | undefined)?.colourMode;
    if (mode === "light" || mode === "dark") return mode;
  }
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const preference = rootData?.colourMode ?? "system";
  const staticPage = rootData?.staticPage ?? null;
  const forced = useForcedColourMode();
  const serverMode = forced ?? (preference === "system" ? undefined : preference);
  return (
    <html
      lang="en"
      className={serverMode === "dark" ? "dark" : undefined}
      data-forced-color-mode={forced}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: colourModeScript }} />
        <Meta />
        {/* With a precedence React writes the stylesheet before the scripts' preloads: the first
            paint waits for it, and a browser on HTTP/1.1 asks for files in the head's order, six at
            a time. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      <body className="min-h-dvh">
        <StaticPageProvider value={Boolean(staticPage)}>
          <ColourModeProvider serverPreference={preference} forced={forced}>
            {children}
            {!staticPage && <LazyToaster />}
          </ColourModeProvider>
        </StaticPageProvider>
        {staticPage ? (
          // No React in the browser: one small script runs this page's controls (docs/decisions/046).
          <>
            <StaticTooltipTemplate />
            <script type="module" src={staticPage.script} />
          </>
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
        {/* Page views (spec §7): a fixed path outside the bundle, so an operator can swap in their own. */}
        <script src="/analytics.js" async />
      </body>
    </html>
  );
}

function FlashToasts({ toasts }: { toasts: Route.ComponentProps["loaderData"]["flashToasts"] }) {
  useEffect(() => {
    toasts.forEach((t) => toast(t));
  }, [toasts]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FlashToasts toasts={loaderData.flashToasts} />
      <SessionSync />
      <AppEffects />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} error={error} />;
}
