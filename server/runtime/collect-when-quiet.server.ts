import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** How long after the last job a process counts as quiet. */
const QUIET_MS = 10_000;

let collect: (() => void) | null = null;
let running = 0;
let timer: NodeJS.Timeout | null = null;

/**
 * V8 collects when allocation asks it to; a process that goes quiet after a burst of jobs (a set
 * of 50 images made: decoded files, prompts, replies) asks nothing more and holds that garbage
 * for as long as it stays quiet — 20–30 MB. One full collection once no job has run for 10 s
 * gives it back (docs/decisions/069).
 */
export async function asQuietWork<T>(work: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await work();
  } finally {
    running--;
    if (timer) timer.refresh();
    else {
      timer = setTimeout(collectIfQuiet, QUIET_MS);
      timer.unref();
    }
  }
}

function collectIfQuiet(): void {
  timer = null;
  if (running > 0) return; // The job running re-arms the timer when it ends.
  if (!collect) {
    // The collector as `--expose-gc` would give it, without that flag on every process's command.
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  collect();
}
