import type { Logger } from "pino";

/** The generation jobs this process is running now: named beside any fault that escapes them. */
const running = new Set<string>();

/** Marks a job as running in this process until the returned function is called. */
export function trackRunningJob(jobId: string): () => void {
  running.add(jobId);
  return () => running.delete(jobId);
}

export const runningJobIds = (): string[] => [...running];

/**
 * The last line of defence, installed once per process. A promise rejection that no code
 * handled is logged, with the jobs running at the time, and the process keeps serving: a
 * rejection leaves no half-run synchronous code behind. An exception that escaped to the
 * event loop may have, so it is logged as fatal and `onFatal` stops the process with a
 * non-zero code for its supervisor to restart, never silently.
 */
export function installProcessGuards(options: { logger: Logger; onFatal: (error: unknown) => void }): void {
  const { logger, onFatal } = options;
  process.on("unhandledRejection", (reason) => {
    logger.error(
      { err: reason, runningJobs: runningJobIds() },
      "unhandled promise rejection: logged and ignored, the server keeps serving",
    );
  });
  let fatal = false;
  process.on("uncaughtException", (error, origin) => {
    logger.fatal({ err: error, origin, runningJobs: runningJobIds() }, "uncaught exception: stopping with exit code 1");
    if (fatal) return;
    fatal = true;
    // The log line is written before anything stops the process.
    logger.flush(() => onFatal(error));
  });
}
