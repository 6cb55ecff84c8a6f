import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { compactRouterManifest } from "#server/ui/compact-manifest.server";
import { preferredEncoding } from "#server/http/content-encoding.server";
import { encodedDocument } from "#server/ui/encoded-documents.server";
import { renderedPages, renderKey } from "#server/ui/rendered-pages.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The same address and data render the same bytes: a browser that has them is told so, and
  // this process sends the ones it rendered before (docs/decisions/065).
  const key = renderKey(request, responseStatusCode, routerContext);
  if (key) {
    const etag = `W/"${key}"`;
    responseHeaders.set("ETag", etag);
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
    if (request.headers.get("If-None-Match") === etag)
      return new Response(null, { status: 304, headers: responseHeaders });
  }
  const kept = key ? renderedPages.get(key) : undefined;
  const { html, status } = kept
    ? { html: kept, status: responseStatusCode }
    : await renderDocument(routerContext, request.url, responseStatusCode);
  if (!key || status !== responseStatusCode) return htmlResponse(html, status, responseHeaders);
  if (!kept) renderedPages.set(key, html);
  return keptResponse(key, html, request, responseHeaders, status);
}

/**
 * Renders the whole document before answering, as one body with a Content-Length. Every loader
 * has finished before rendering starts and no page suspends on data, so streaming would send
 * the same bytes later in many small chunks, each one passing through a web stream and back.
 * The status turns 500 when a boundary caught an error while rendering.
 */
function renderDocument(context: EntryContext, url: string, status: number) {
  return new Promise<{ html: Buffer; status: number }>((resolve, reject) => {
    let answered = status;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve({ html: compactRouterManifest(Buffer.concat(chunks)), status: answered });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={url} />, {
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        answered = 500;
        console.error(error);
      },
    });
    // Rejected boundaries get a moment to render their fallback before the render is cut off.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1_000);
  });
}

/**
 * A kept document in the encoding the request prefers, compressed once per document and
 * encoding and kept beside it: a person coming back to an unchanged page costs no compression,
 * and a new one costs Brotli's faster level instead of gzip's (docs/decisions/131).
 */
async function keptResponse(key: string, html: Buffer, request: Request, headers: Headers, status: number) {
  headers.append("Vary", "Accept-Encoding");
  const encoding = preferredEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return htmlResponse(html, status, headers);
  const encoded = await encodedDocument(renderedPages, key, html, encoding);
  headers.set("Content-Encoding", encoding);
  return htmlResponse(encoded, status, headers);
}

function htmlResponse(html: Buffer, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Known in full: sent in one piece instead of chunks (compression, where it applies, drops it).
  headers.set("Content-Length", String(html.length));
  return new Response(html as Uint8Array<ArrayBuffer>, { headers, status });
}
