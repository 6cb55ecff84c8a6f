import { BytesCache } from "../cache/bytes-cache.server";
import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";

/** Bytes of rendered documents one process keeps. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Only plain data keys a page: a promise (data still coming), a Map or a class instance would
 * stringify to less than the page renders from, so such a page is always rendered anew. What
 * `toJSON` turns plain (a Date) is plain, as JSON writes it. Checked before JSON writes the data
 * without a replacer: a replacer takes JSON off its fast path, at every value of every page.
 */
function plain(value: unknown, key: string): boolean {
  if (value === null) return true;
  if (typeof value === "function" || typeof value === "symbol") return false;
  if (typeof value !== "object") return true;
  const withJson = value as { toJSON?: (key: string) => unknown };
  if (typeof withJson.toJSON === "function") return plain(withJson.toJSON(key), key);
  if (Array.isArray(value)) return value.every((item: unknown, index) => plain(item, String(index)));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const name in value) if (!plain((value as Record<string, unknown>)[name], name)) return false;
  return true;
}

/**
 * What a document's HTML follows from: its address, the routes it matched and what their loaders
 * returned (the signed-in person, their data and their preferences among it). Rendering is a pure
 * function of these, so two requests with the same key get the same bytes. Null for a page that
 * must be rendered each time: anything but a plain 200 GET, an action's answer, an error.
 */
export function renderKey(request: Request, status: number, context: EntryContext): string | null {
  if (status !== 200 || request.method !== "GET") return null;
  const { loaderData, actionData, errors, matches } = context.staticHandlerContext;
  if (actionData || errors) return null;
  const hash = createHash("sha256").update(request.url);
  for (const match of matches) hash.update(`\0${match.route.id}`);
  if (!plain(loaderData, "")) return null;
  hash.update(`\0${JSON.stringify(loaderData)}`);
  return hash.digest("base64url");
}

/**
 * Documents this process rendered, by render key. React's server render is most of a signed-in
 * page's cost (about 4 ms for the settings page, 5 for the create page with content, on the
 * 2-core reference machine); a person reloading, opening a second tab or coming back to an
 * unchanged page gets the same bytes without it. Nothing here is needed by another process:
 * a miss renders (docs/decisions/065).
 */
export const renderedPages = new BytesCache(MAX_BYTES);
