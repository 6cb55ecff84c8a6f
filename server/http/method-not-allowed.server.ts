import { Router, type RequestHandler } from "express";
import { AppError } from "./errors.server";
import type { Operation } from "./operations/operation.server";

/** The order methods are named in an Allow header (as request-guards' list). */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const allowHeader = (methods: Set<string>) => METHOD_ORDER.filter((m) => methods.has(m)).join(", ");

/** GET, HEAD, POST → "GET or POST": what a person reads in the message. */
function ofTheCall(methods: Set<string>): string {
  const named = METHOD_ORDER.filter((m) => methods.has(m) && m !== "HEAD");
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} or ${named.at(-1)}`;
}

/**
 * For a request no operation took: when its path is one the API has, with another method,
 * a 405 with the methods it has (RFC 9110 §15.5.6), as Express's own answer to OPTIONS lists
 * them; a path the API does not have goes on (to the 404). The methods come from the operations'
 * declarations, so a new operation is named here without listing it. Several patterns may
 * match one address (`/styles/presets`, `/styles/:id`): a method any of them has would have
 * been answered, so the Allow list is all of theirs.
 */
export function methodNotAllowed(operations: readonly Operation[]): RequestHandler {
  const methodsByPath = new Map<string, Set<string>>();
  for (const op of operations) {
    const methods = methodsByPath.get(op.path) ?? new Set<string>();
    methods.add(op.method.toUpperCase());
    // Express answers HEAD with a GET route.
    if (op.method === "get") methods.add("HEAD");
    methodsByPath.set(op.path, methods);
  }
  // Matched as the operations' routes are (same router, same patterns); wrapped in a function
  // below so that this router is no route of the API's own.
  const matcher = Router();
  const allowedKey = Symbol("allowed methods");
  type Collecting = { [allowedKey]?: Set<string> };
  for (const [path, methods] of methodsByPath) {
    matcher.all(path.replace(/^\/api/, ""), (req, _res, next) => {
      const collected = ((req as Collecting)[allowedKey] ??= new Set());
      for (const method of methods) collected.add(method);
      next();
    });
  }
  return (req, res, next) => {
    matcher(req, res, (error?: unknown) => {
      if (error) return next(error);
      const allowed = (req as Collecting)[allowedKey];
      if (!allowed) return next();
      const Allow = allowHeader(allowed);
      const message = `${req.method} is not a method of this address: it takes ${ofTheCall(allowed)}.`;
      next(new AppError("method_not_allowed", message, { allowed: Allow.split(", ") }, { Allow }));
    });
  };
}
