import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { installChunkReloadGuard } from "~/lib/chunk-reload";
import { watchForRelease } from "~/lib/release-check";
import { normalizeRoutePath } from "~/lib/route-path";

/** Page views with the route path normalised (spec §2); first-party, no cookies. */
function PageViews() {
  const location = useLocation();
  const matches = useMatches();
  const params = matches.at(-1)?.params ?? {};
  const path = normalizeRoutePath(location.pathname, params);
  useEffect(() => {
    void fetch("/api/analytics/pageview", {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path }),
    }).catch(() => {});
    // One view per visited page, not per render.
  }, [location.key, path]);
  return null;
}

/** After a new release is deployed, the next navigation loads the page afresh. */
function ReleaseReload() {
  const location = useLocation();
  const released = useRef(false);
  const first = useRef(true);
  useEffect(() => {
    const manifest = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest;
    return watchForRelease({ currentId: manifest?.version, onNewRelease: () => (released.current = true) });
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (released.current) window.location.reload();
  }, [location.key]);
  return null;
}

function ChunkReload() {
  useEffect(() => installChunkReloadGuard(), []);
  return null;
}

/** Shell behaviours with no UI of their own. */
export function AppEffects() {
  return (
    <>
      <PageViews />
      <ReleaseReload />
      <ChunkReload />
    </>
  );
}
