import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import type { RequestHandler } from "express";

/** The statements one request (or one measured piece of work) has run so far. */
interface Tally {
  statements: number;
}

const tallies = new AsyncLocalStorage<Tally>();
const COUNTED = Symbol("motif.counted");

/** Drizzle's query logger, used as a counter: every statement counts toward the work running it. */
export const statementCounter: Logger = {
  logQuery() {
    const tally = tallies.getStore();
    if (tally) tally.statements++;
  },
};

/** Runs `work` and resolves to its result and the database statements it ran. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally: Tally = { statements: 0 };
  const result = await tallies.run(tally, work);
  return { result, statements: tally.statements };
}

/**
 * Counts each request's database statements and reports them, when the headers leave, as
 * `Server-Timing: db;desc="N statements"`. Loaders finish before a page's headers are sent,
 * so for pages the figure is every loader's statements.
 */
export function serverTimingHeader(): RequestHandler {
  return (_req, res, next) => {
    // Mounted twice (in front of the app and in it), a request is still counted once.
    const marked = res as typeof res & { [COUNTED]?: true };
    if (marked[COUNTED]) return next();
    marked[COUNTED] = true;
    const tally: Tally = { statements: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.headersSent) {
        const label = tally.statements === 1 ? "statement" : "statements";
        res.setHeader("Server-Timing", `db;desc="${tally.statements} ${label}"`);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    tallies.run(tally, next);
  };
}
