// What the walk in openapi.test.ts goes with: the signed-in API, the document and its check, a
// call that checks every answer against the document (with the session cookie or the walk's API
// key), the state one step leaves for the next, and the images and forms it uploads.
import sharp from "sharp";
import { expect } from "vitest";
import { buildOpenApiDocument } from "#server/http/openapi.server";
import { apiOperations } from "#server/http/operations/index.server";
import { fillPath } from "../support/api-routes";
import type { TestDatabase } from "../support/databases";
import { runJob } from "../support/factories";
import { openApiCheck } from "../support/openapi-check";
import { setUpSignedInApi } from "../support/signed-in-api";

type Init = RequestInit & {
  json?: unknown;
  cookie?: string;
  /** An API key to send instead of the session cookie. */
  key?: string;
  params?: Record<string, string>;
  query?: string;
};

export const png = (background: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background } })
    .png()
    .toBuffer();

export const form = (fields: Record<string, string>, files: Buffer[] = []) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  files.forEach((file, i) => body.append("references", new Blob([new Uint8Array(file)]), `reference-${i}.png`));
  return body;
};

/**
 * Registers the walk's `beforeAll`/`afterAll` (a signed-in API on `target`) and answers what its
 * steps use; `state` is filled in by the steps, so read it inside tests.
 */
export function setUpOpenApiWalk(target: TestDatabase) {
  const api = setUpSignedInApi(target, "openapi@example.com");
  const document = buildOpenApiDocument(apiOperations);
  const doc = openApiCheck(document);

  /** Calls `method path` (an Express or OpenAPI template), signed in unless a cookie is given, and checks the answer. */
  async function call<T = unknown>(method: string, path: string, init: Init = {}) {
    const { params = {}, query, key, ...rest } = init;
    const cookie = key ? "" : (init.cookie ?? api.user.cookie);
    const headers = { ...(rest.headers as Record<string, string>), ...(key ? { Authorization: `Bearer ${key}` } : {}) };
    const url = fillPath(path.replace(/\{(\w+)\}/g, ":$1"), (name) => encodeURIComponent(params[name]!));
    const response = await api.server.call(`${url}${query ? `?${query}` : ""}`, { ...rest, headers, method, cookie });
    const body = (await doc.check(response, method, path)) as T;
    return { response, status: response.status, body };
  }
  /** The same, with the API key instead of the session cookie. */
  const callWithKey = <T = unknown>(method: string, path: string, init: Init = {}) =>
    call<T>(method, path, { ...init, key: state.key.secret });
  const ran = async (jobId: string) => expect((await runJob(api.server, jobId))?.status).toBe("succeeded");

  const state = {} as {
    key: { id: string; secret: string };
    styleId: string;
    referenceIds: string[];
    setId: string;
    objectId: string;
    imageUrl: string;
    imageId: string;
  };

  return { api, document, doc, call, callWithKey, ran, state };
}

export type OpenApiWalk = ReturnType<typeof setUpOpenApiWalk>;
