import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { apiErrorSchema, type AppErrorCode } from "#domain/errors";
import { liveEventSchemas } from "#domain/events";
import { setupActionBody } from "#domain/setup";
import { SESSION_COOKIE } from "../auth/session-cookie.server";
import { statusByCode } from "./errors.server";
import type { Operation } from "./operations/operation.server";
import { completeForReference } from "./openapi-completion.server";
import { stateTextRules } from "./openapi-text-rules.server";
import { idempotencyHeaders } from "./operations/reply-docs.server";

/**
 * The API's version. A breaking change (a field removed or renamed, a meaning changed)
 * is never made in place: it is mounted under a new prefix, and this document says so.
 */
export const API_VERSION = "1.0.0";

export { SESSION_COOKIE };

/** "/api/objects/:id" → "/api/objects/{id}" */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, "{$1}");

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const errorDescriptions: Record<number, string> = {
  400: "The request is not valid: `error.fields` says which field and why.",
  401: "Not signed in: no session cookie or API key, or one that has expired or was revoked.",
  402: "Not enough credits, or past the API key's monthly cap: `error.details` has the price and the balance.",
  403: "A browser request from another origin, or an API key on a route for browser sessions only.",
  404: "No such thing, or it is someone else's (the two look alike).",
  409: "It conflicts with the current state (for example the job has already finished).",
  422: "The Idempotency-Key was already used for a different request.",
  429: "Too many requests (an API key's budget a minute, sign-in attempts, live streams): wait the Retry-After seconds.",
  413: "The request body is over the size this call takes: the message names the limit.",
  431: "The request's headers are too large.",
  500: "Something went wrong on the server.",
};

const rateLimitHeaders = {
  "RateLimit-Policy": {
    description: 'With an API key: the key\'s budget, e.g. `"api-key";q=120;w=60` (120 requests a minute).',
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'With an API key: what is left of it, e.g. `"api-key";r=87;t=42` (87 more in the next 42 s).',
    schema: { type: "string" },
  },
};

function errorReply(status: number): ZodOpenApiResponseObject {
  // Node answers 431 itself, before any route, with no body.
  if (status === 431) return { description: errorDescriptions[431]! };
  const codes = (Object.entries(statusByCode) as [AppErrorCode, number][])
    .filter(([, s]) => s === status)
    .map(([code]) => `\`${code}\``);
  if (status === 413) codes.push("`bad_request`");
  return {
    description: `${errorDescriptions[status] ?? "An error."} (\`error.code\`: ${codes.join(", ")})`,
    content: { "application/json": { schema: apiErrorSchema } },
    ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
  };
}

/** The error statuses an operation may answer, from what it takes and who may call it. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  if (op.access !== "public") [401, 429].forEach((s) => statuses.add(s));
  if (op.access === "session" || op.access === "operator") statuses.add(403);
  // Anything that names a record (in the path, the query or the body) may name one that is gone or not yours.
  if (op.access !== "public" || pathParams(op.path).length > 0) statuses.add(404);
  if (op.query || op.json || op.multipart) statuses.add(400);
  if (op.method !== "get") statuses.add(403);
  if (op.spends) [400, 402, 409, 422].forEach((s) => statuses.add(s));
  if (op.json || op.multipart) statuses.add(413);
  // Any address with a control character (%00) is a 400, and any request's headers may be too large.
  [400, 431, 500].forEach((s) => statuses.add(s));
  return [...statuses].sort();
}

function toOperation(op: Operation): ZodOpenApiOperationObject {
  const params = pathParams(op.path);
  const headers = op.spends ? (op.headers ?? z.object({})).extend(idempotencyHeaders.shape) : op.headers;
  const content: Record<string, { schema: z.ZodType }> = {};
  if (op.json) content["application/json"] = { schema: op.json };
  if (op.multipart) content["multipart/form-data"] = { schema: op.multipart };
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const errors = errorStatuses(op);
  for (const [status, reply] of Object.entries(op.responses)) {
    // A status an operation answers itself may also be the usual error answer (a body that is not JSON is a 400).
    const json = reply.json && errors.includes(Number(status)) ? z.union([reply.json, apiErrorSchema]) : reply.json;
    const body = { ...(json ? { "application/json": { schema: json } } : {}), ...reply.media };
    responses[status] = {
      description: reply.description,
      ...(Object.keys(body).length ? { content: body } : {}),
      ...(reply.headers ? { headers: reply.headers } : {}),
    };
  }
  for (const status of errors) responses[String(status)] ??= errorReply(status);
  // A request with an API key hears its budget on every answer Motif writes (Node answers 431 itself).
  if (op.access === "user" || op.access === "key") {
    for (const [status, response] of Object.entries(responses)) {
      if (status === "431") continue;
      const headers = { ...(response.headers as Record<string, unknown> | undefined), ...rateLimitHeaders };
      responses[status] = { ...response, headers: headers as ZodOpenApiResponseObject["headers"] };
    }
  }
  const security = {
    public: [],
    key: [{ apiKey: [] }],
    session: [{ sessionCookie: [] }],
    operator: [{ sessionCookie: [] }],
    user: undefined,
  }[op.access];
  return {
    operationId: `${op.method}${op.path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(security ? { security } : {}),
    requestParams: {
      ...(params.length ? { path: z.object(Object.fromEntries(params.map((name) => [name, z.string().min(1)]))) } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(headers ? { header: headers } : {}),
    },
    ...(Object.keys(content).length ? { requestBody: { required: op.json !== setupActionBody, content } } : {}),
    responses,
    ...(op.codeSamples ? { "x-codeSamples": op.codeSamples } : {}),
  };
}

const description = `Motif's JSON API: the same routes the web app uses, so anything the app does, a script can do.

**Signing in.** A script sends an API key: \`Authorization: Bearer <key>\`. A browser sends the session cookie (\`${SESSION_COOKIE}\`; \`__Host-${SESSION_COOKIE}\` over HTTPS) and, on changes, its Origin. Both act as the same user, with the same answers.

**Errors.** Every error is \`{ "error": { "code", "message", "details"? } }\`; \`message\` is a sentence to show a person, \`code\` is for programs. A request that is not valid also says which \`fields\` are wrong.

**Spending.** Requests that spend credits take an \`Idempotency-Key\` header: resend the same request with the same key after a time-out and it is answered once, and charged once.

**Versions.** This is version ${API_VERSION}. Additions (new routes, new optional fields, new fields in answers) keep the version's promise; a breaking change would be mounted under a new prefix beside \`/api\`, never made in place.`;

const tags = [
  {
    name: "Styles",
    description:
      "A style is a look: a description, reference images and four sample images later images are matched to.",
  },
  { name: "Objects", description: "An object is one subject in a style, with one or more images." },
  {
    name: "Models",
    description: "The image models on offer: what one image costs with each, and what each can do.",
  },
  { name: "Jobs", description: "Generation runs as jobs: submit, then poll (or listen to the events)." },
  { name: "Account", description: "Your profile, balance and credit history." },
  { name: "API keys", description: "Keys for scripts and agents, managed from a browser session." },
  { name: "Events", description: "Live changes, as Server-Sent Events." },
  { name: "Files", description: "The images themselves." },
  { name: "Sign-in", description: "How the web app signs in. Scripts use an API key instead." },
  { name: "Setup", description: "The operator's checks, and the app's page counter." },
  {
    name: "Operator",
    description:
      "The operator console: accounts and their credits, usage, the instance's settings, and the audit log. Operators only.",
  },
  {
    name: "Teams",
    description: "Teams, their members, roles and invitations. From a browser session; anyone not in a team gets 404.",
  },
  { name: "Reference", description: "This document and its reference page." },
];

/** Where a document built without a request says it is served: Motif's own default address. */
export const DEFAULT_ORIGIN = "http://localhost:3000";

/**
 * The OpenAPI 3.1 document of the API's operations (apiOperations), as served at `origin`:
 * its terms and licence are that instance's own pages, as absolute URLs (decision 098).
 */
export function buildOpenApiDocument(operations: readonly Operation[], origin: string = DEFAULT_ORIGIN) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const path = (paths[openApiPath(op.path)] ??= {});
    path[op.method] = toOperation(op);
  }
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Motif API",
        version: API_VERSION,
        description,
        // Each instance's API is offered on its operator's terms (decision 092), at its own address:
        // absolute, since tools resolve a relative one against nothing (decision 098).
        termsOfService: `${origin}/terms`,
        license: { name: "API terms of use", url: `${origin}/terms#api` },
      },
      // Relative to where the document is served: every Motif serves its own API at its own address.
      servers: [{ url: "/", description: "This Motif instance" }],
      tags,
      security: [{ apiKey: [] }, { sessionCookie: [] }],
      paths,
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key made in Settings → API keys, sent as `Authorization: Bearer <key>`.",
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description:
              "The browser's session, set by POST /api/auth/token. Changes must also come from Motif's own origin.",
          },
        },
        schemas: {
          CreditsEvent: liveEventSchemas.credits,
          JobEvent: liveEventSchemas.job,
          JobProgressEvent: liveEventSchemas["job-progress"],
        },
      },
    },
    {
      // zod bounds every int by the safe-integer range: true, but noise in a reference. An input
      // bounded below keeps its upper bound: it is what the server takes (a `before` cursor).
      override: ({ jsonSchema, io }) => {
        const unbounded = jsonSchema.minimum === Number.MIN_SAFE_INTEGER;
        if (unbounded) delete jsonSchema.minimum;
        const stated = io === "input" && !unbounded;
        if (!stated && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
  return completeForReference(stateTextRules(document));
}

const served = new WeakMap<readonly Operation[], Map<string, string>>();

/**
 * The document as the route serves it at `origin`: built once per origin, since it only
 * changes with a release (and the origins are the few `documentOrigin` allows).
 */
export function openApiJson(operations: readonly Operation[], origin: string = DEFAULT_ORIGIN): string {
  let byOrigin = served.get(operations);
  if (!byOrigin) served.set(operations, (byOrigin = new Map()));
  let json = byOrigin.get(origin);
  if (json === undefined) byOrigin.set(origin, (json = JSON.stringify(buildOpenApiDocument(operations, origin))));
  return json;
}
