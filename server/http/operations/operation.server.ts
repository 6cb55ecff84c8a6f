import type { Request, Response } from "express";
import type { z } from "zod";
import type { Services } from "../../services";
import type { CodeSample } from "../openapi-flow-samples.server";
import type { ApiUser } from "../require-user.server";

export type Method = "get" | "post" | "patch" | "delete";
/**
 * Who may call: anyone, a signed-in user (session or key), an API key only, a browser session
 * only, or the operator (in a browser).
 */
export type Access = "public" | "user" | "key" | "operator" | "session";

export interface Reply {
  description: string;
  /** A JSON body. */
  json?: z.ZodType;
  /** Any other bodies, by media type (files, ZIPs, event streams, HTML). */
  media?: Record<string, { schema: Record<string, unknown> } & Record<string, unknown>>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

/** What a handler answers: a status and a JSON body (checked against `responses`), with headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { json?: infer J extends z.ZodType } ? z.output<J> : undefined;
/** What an operation answers when it succeeds: the union of its 2xx bodies. */
export type SuccessBody<R> = { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus];

/**
 * The operation as an MCP tool (server/mcp/operation-tools.server.ts): its arguments are the
 * path's parameters and the body's fields, checked by the same schema, and its answer is the
 * same reply, after a sentence the agent reads first.
 */
export interface OperationTool<Body = unknown> {
  name: string;
  title: string;
  /** What the tool does and what to call next, for an agent. */
  description: string;
  /** How each path parameter is named for an agent (`id` → `objectId`), and what it is. */
  params?: Record<string, { name: string; description: string }>;
  /** A body field's description for an agent, where the schema's own does not say enough. */
  arguments?: Record<string, string>;
  readOnly?: boolean;
  /** A repeat with the same arguments changes nothing more and answers the same (MCP's idempotentHint). */
  idempotent?: boolean;
  /** The sentence the agent reads first. `link` makes a path absolute. */
  summarize(body: Body, answer: { status: number; link: (path: string) => string }): string;
}

/** "/api/styles/:id/references/:referenceId" → "id" | "referenceId" */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a handler gets: the request checked, and who makes it. */
export interface OperationContext<P extends string, Q, B, A extends Access> {
  req: Request;
  res: Response;
  services: Services;
  /** Null for public operations; the signed-in user (or the key's user) otherwise. */
  user: A extends "public" ? null : ApiUser;
  /** The path's parameters, each a non-empty string. */
  params: { [K in ParamNames<P>]: string };
  query: Output<Q>;
  body: Output<B>;
  /** Every operation of the API, for the one that describes them all. */
  operations: readonly Operation[];
}

/**
 * One operation of the API, declared once: from this come its Express route (who may call,
 * parsing, answering once per Idempotency-Key, error mapping), its entry in the OpenAPI
 * document, the browser's typed client and, when it declares a `tool`, its MCP tool. `handle` calls one use case and says what to
 * answer; an operation that streams (a file, a ZIP, events) writes to `res` itself and
 * answers nothing.
 */
export interface Operation<
  P extends string = string,
  Q = z.ZodObject | undefined,
  B = z.ZodType | undefined,
  A extends Access = Access,
  M extends Method = Method,
  R extends Record<number, Reply> = Record<number, Reply>,
> {
  method: M;
  /** The Express path pattern, e.g. "/api/objects/:id/variations". */
  path: P;
  tag: string;
  summary: string;
  description?: string;
  access: A;
  /**
   * Who calls, when `access` alone cannot say: checked before anything is parsed, in place of
   * the session or key `access` asks for (a signed image link, the operator's control secret).
   */
  authenticate?: (req: Request, res: Response, services: Services) => Promise<ApiUser | null>;
  query?: Q;
  headers?: z.ZodObject;
  /** The JSON body; parsed before the handler runs unless the operation takes a multipart form. */
  json?: B;
  /** A multipart form: the handler reads it (uploads are checked as they arrive). */
  multipart?: z.ZodType;
  /** A POST that spends credits: it takes an Idempotency-Key and may answer 402, 409 or 422. */
  spends?: boolean;
  /** Answered once per Idempotency-Key (every operation that spends is). */
  idempotent?: boolean;
  /** Read before the JSON parser: the handler gets the raw body (a signed webhook). */
  rawBody?: boolean;
  /** A JSON body larger than the 32 KB every other call takes, e.g. "6mb". */
  bodyLimit?: string;
  /** Each status it answers of its own, with its body (the error statuses are implied: see `errors`). */
  responses: R;
  /** Error statuses beyond the ones its access, parameters and body imply. */
  errors?: number[];
  codeSamples?: CodeSample[];
  /** Exposed to agents too, as this MCP tool (only operations that act for a user, on JSON). */
  tool?: OperationTool<SuccessBody<R>>;
  handle(context: OperationContext<P, Q, B, A>): Promise<Answer | void>;
}

/**
 * Declares an operation, with its handler typed by what it takes. Its method, path, body and
 * replies keep their types, so the browser's client (app/lib/api/api-client.ts) knows them.
 */
export function defineOperation<
  P extends string,
  A extends Access,
  M extends Method,
  const R extends Record<number, Reply>,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(operation: Operation<P, Q, B, A, M, R>): Operation<P, Q, B, A, M, R> {
  return operation;
}
