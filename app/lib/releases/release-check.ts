/**
 * Spec §4, §9: the app polls for a new release, starting 1 s after the page is
 * idle; once one is seen, the next navigation becomes a full page load.
 */
export const RELEASE_CHECK_DELAY_MS = 1000;
export const RELEASE_CHECK_INTERVAL_MS = 5 * 60_000;
export const RELEASE_MANIFEST_PATH = "/builds/latest.json";

export interface ReleaseManifest {
  id: string;
}

export function isNewRelease(current: string | undefined, latest: ReleaseManifest | null): boolean {
  return Boolean(current && latest?.id && latest.id !== current);
}

/** Starts polling; calls `onNewRelease` once when the deployed build differs from ours. */
export function watchForRelease(options: { currentId: string | undefined; onNewRelease(): void }): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;

  async function check() {
    if (stopped) return;
    try {
      const response = await fetch(RELEASE_MANIFEST_PATH, { cache: "no-store" });
      const latest = response.ok ? ((await response.json()) as ReleaseManifest) : null;
      if (isNewRelease(options.currentId, latest)) {
        stopped = true;
        options.onNewRelease();
        return;
      }
    } catch {
      // Offline or deploying: try again later.
    }
    timer = setTimeout(check, RELEASE_CHECK_INTERVAL_MS);
  }

  const start = () => {
    timer = setTimeout(check, RELEASE_CHECK_DELAY_MS);
  };
  if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(start);
  else start();

  return () => {
    stopped = true;
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}
