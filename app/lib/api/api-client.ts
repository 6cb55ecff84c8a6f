import type { z } from "zod";
import type { DeclaredOperation } from "#server/http/operations/index.server";
import type { ParamNames } from "#server/http/operations/operation.server";
import { api } from "~/lib/api/api";

/*
 * The browser's typed client. Its types come from the server's operation declarations
 * (type-only imports: no server code reaches the bundle), so what a call sends and what it
 * gets back cannot drift from what the server answers.
 */

type Method = DeclaredOperation["method"];
type OperationAt<M extends Method, P extends string> = Extract<DeclaredOperation, { method: M; path: P }>;
type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { json: infer J extends z.ZodType } ? z.output<J> : undefined;
type Responses<M extends Method, P extends string> = OperationAt<M, P>["responses"];

/** The paths an operation of this method is declared at. */
export type ApiPath<M extends Method> = Extract<DeclaredOperation, { method: M }>["path"];

/** What a successful call answers (the union of its 2xx bodies). */
export type ApiReply<M extends Method, P extends string> = {
  [S in keyof Responses<M, P> & SuccessStatus]: JsonOf<Responses<M, P>[S]>;
}[keyof Responses<M, P> & SuccessStatus];

/** What a call sends as its JSON body. */
export type ApiBody<M extends Method, P extends string> =
  OperationAt<M, P> extends { json?: infer J } ? (J extends z.ZodType ? z.input<J> : never) : never;

type ParamsOption<P extends string> = [ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: { [K in ParamNames<P>]: string } };

export type CallOptions<M extends Method, P extends string> = ParamsOption<P> & {
  query?: Record<string, string | number | boolean | undefined>;
  /** The JSON body; or, for an operation that takes uploads, `form`. */
  body?: ApiBody<M, P>;
  form?: FormData;
  headers?: Record<string, string>;
};

/** "/api/objects/:id/edit" with {id: "o1"} → "/api/objects/o1/edit"; the query's set values appended. */
export function apiUrl(
  path: string,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Calls one operation of the API by its declared method and path; throws ApiError on any non-2xx answer. */
export function callApi<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[options]: [ParamNames<P>] extends [never] ? [CallOptions<M, P>?] : [CallOptions<M, P>]
): Promise<ApiReply<M, P>> {
  const { params, query, body, form, headers } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
  };
  const sent = form ?? body;
  return api<ApiReply<M, P>>(apiUrl(path, params, query), {
    method: method.toUpperCase(),
    ...(sent !== undefined ? { body: sent } : {}),
    ...(headers ? { headers } : {}),
  });
}
