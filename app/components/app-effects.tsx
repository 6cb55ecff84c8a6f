import { useEffect, useState } from "react";
import { useBlocker, useLocation, useMatches } from "react-router";
import { installChunkReloadGuard } from "~/lib/releases/chunk-reload";
import { watchForRelease } from "~/lib/releases/release-check";
import { normalizeRoutePath } from "#domain/route-path";

type AnalyticsQueue = { push(command: ["pageview", string]): void };

/**
 * Page views with the route path normalised (spec §2). The sending is done by
 * /analytics.js (spec §7), which the operator may replace: until it loads, views
 * wait in an array it drains.
 */
function PageViews() {
  const location = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const path = normalizeRoutePath(location.pathname, params);
  useEffect(() => {
    const host = window as unknown as { motifAnalytics?: AnalyticsQueue };
    (host.motifAnalytics ??= [] as unknown as AnalyticsQueue).push(["pageview", path]);
    // One view per visited page, not per render.
  }, [location.key, path]);
  return null;
}

/**
 * After a new release is deployed, the next navigation is a document load: a
 * blocker stops it before any loader or module of the old build runs, and the
 * browser loads the new page from the server instead.
 */
function ReleaseReload() {
  const [released, setReleased] = useState(false);
  useEffect(() => {
    const manifest = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest;
    return watchForRelease({ currentId: manifest?.version, onNewRelease: () => setReleased(true) });
  }, []);
  const blocker = useBlocker(released);
  // Said on the page too, so tools (and tests) can tell once the next link will load afresh.
  useEffect(() => {
    if (released) document.documentElement.dataset.release = "new";
  }, [released]);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    const { pathname, search, hash } = blocker.location;
    window.location.assign(`${pathname}${search}${hash}`);
  }, [blocker]);
  return null;
}

function ChunkReload() {
  useEffect(() => installChunkReloadGuard(), []);
  return null;
}

/**
 * Says on the page once React has hydrated it: until then a control a person (or a test) sets is
 * set on the server's HTML only, and hydration puts it back.
 */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/** Shell behaviours with no UI of their own. */
export function AppEffects() {
  return (
    <>
      <Hydrated />
      <PageViews />
      <ReleaseReload />
      <ChunkReload />
    </>
  );
}
