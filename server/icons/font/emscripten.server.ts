// Emscripten's Node glue (PathKit's, woff2's) adds process handlers that rethrow every uncaught
// error and unhandled rejection; the process's own handling must stay in charge.
type Listener = (...args: unknown[]) => void;

const listeners = () => ({
  uncaughtException: process.listeners("uncaughtException") as Listener[],
  unhandledRejection: process.listeners("unhandledRejection") as Listener[],
});

/** Runs a module's loading, then takes off the process handlers it added. */
export async function withoutAddedProcessHandlers<T>(load: () => T | Promise<T>): Promise<T> {
  const before = listeners();
  try {
    return await load();
  } finally {
    const after = listeners();
    for (const listener of after.uncaughtException) {
      if (!before.uncaughtException.includes(listener)) process.removeListener("uncaughtException", listener);
    }
    for (const listener of after.unhandledRejection) {
      if (!before.unhandledRejection.includes(listener)) process.removeListener("unhandledRejection", listener);
    }
  }
}
