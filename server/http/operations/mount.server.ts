import express, { Router, type Request, type Response } from "express";
import type { Services } from "../../services";
import { requireOperator } from "../../auth/operator.server";
import { answerOnce } from "../idempotent.server";
import { apiKeyMessages } from "#domain/api-keys";
import { AppError } from "#domain/errors";
import { bearerSecret, requireApiUser, requireSessionUser, type ApiUser } from "../require-user.server";
import type { Access, Answer, Operation } from "./operation.server";

/** Who makes the request, as the operation's access asks: authentication before anything is parsed. */
async function authorize(access: Access, req: Request, services: Services): Promise<ApiUser | null> {
  if (access === "public") return null;
  if (access === "user") return requireApiUser(req, services);
  // A call about the key that makes it: a browser session has none, so it is not signed in for it.
  if (access === "key") {
    if (bearerSecret(req) === null) throw new AppError("unauthorized", apiKeyMessages.keyOnly);
    return requireApiUser(req, services);
  }
  const user = await requireSessionUser(req, services);
  if (access === "operator")
    await requireOperator({ db: services.database.db, adminEmails: services.config.adminEmails }, user);
  return user;
}

/**
 * In tests, an answer that is not what the document says it is fails loudly (a 500 the
 * suite sees) instead of reaching a client that trusted the document.
 */
const checkReplies = process.env.NODE_ENV === "test";

function checkReply(op: Operation, answer: Answer): void {
  if (!checkReplies) return;
  const reply = op.responses[answer.status];
  if (!reply) throw new Error(`${op.method} ${op.path} answered ${answer.status}, which its declaration does not list`);
  if (answer.body === undefined) return;
  const checked = reply.json?.safeParse(answer.body);
  if (!checked?.success)
    throw new Error(`${op.method} ${op.path} answered ${answer.status} off its schema: ${checked?.error.message}`);
}

function send(res: Response, op: Operation, answer: Answer): void {
  checkReply(op, answer);
  if (answer.headers) res.set(answer.headers);
  if (answer.body === undefined) res.status(answer.status).end();
  else res.status(answer.status).json(answer.body);
}

/** The route of one operation: who calls, what they sent, answered once when it spends. */
function route(op: Operation, getServices: () => Promise<Services>, operations: readonly Operation[]) {
  return async (req: Request, res: Response) => {
    const services = await getServices();
    const user = op.authenticate
      ? await op.authenticate(req, res, services)
      : await authorize(op.access, req, services);
    const query = op.query ? op.query.parse(req.query) : undefined;
    // A multipart form is read by its handler (uploads are checked as they arrive); a signed body is raw.
    const takesJson = op.multipart === undefined && !op.rawBody;
    const body = op.json && takesJson ? op.json.parse(req.body ?? {}) : undefined;
    // What a signed-in caller reads is theirs, and of this moment: no browser or proxy keeps it.
    if (op.access !== "public") res.setHeader("Cache-Control", "no-store");
    const context = { req, res, services, user, params: req.params as Record<string, string>, query, body, operations };
    const run = async () => (await op.handle(context as never)) ?? null;
    if ((op.spends || op.idempotent) && op.multipart === undefined && user) {
      await answerOnce(services.database.db, req, res, {
        userId: user.id,
        workspaceId: user.workspace.id,
        content: body ?? null,
        run: async () => {
          const answer = await run();
          if (!answer) throw new Error(`${op.method} ${op.path} is answered once, so it must answer`);
          checkReply(op, answer);
          if (answer.headers) res.set(answer.headers);
          return { status: answer.status, body: answer.body };
        },
      });
      return;
    }
    const answer = await run();
    if (answer) send(res, op, answer);
  };
}

/**
 * Mounts the API's operations (those `select` takes) at their paths, less "/api" where this
 * router is mounted, in the order given.
 */
export function operationsRouter(options: {
  getServices: () => Promise<Services>;
  operations: readonly Operation[];
  select: (op: Operation) => boolean;
}): Router {
  const { getServices, operations } = options;
  const router = Router();
  for (const op of operations.filter(options.select)) {
    const path = op.path.replace(/^\/api/, "");
    const handler = route(op, getServices, operations);
    // A signature covers the exact bytes sent: the body is kept raw (this router is mounted before the JSON parser).
    if (op.rawBody) router[op.method](path, express.raw({ type: () => true, limit: "1mb" }), handler);
    else router[op.method](path, handler);
  }
  return router;
}
