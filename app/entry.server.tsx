import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { compactRouterManifest } from "#server/ui/compact-manifest.server";
import { renderedPages, renderKey } from "#server/ui/rendered-pages.server";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering, as one body with a Content-Length. Every loader
 * has finished before rendering starts and no page suspends on data, so streaming would send
 * the same bytes later in many small chunks, each one passing through a web stream and back.
 */
export default function handleRequest(
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
    const rendered = renderedPages.get(key);
    if (rendered) return htmlResponse(rendered, responseStatusCode, responseHeaders);
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = compactRouterManifest(Buffer.concat(chunks));
        if (key && status === responseStatusCode) renderedPages.set(key, html);
        resolve(htmlResponse(html, status, responseHeaders));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    // Rejected boundaries get a moment to render their fallback before the render is cut off.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1_000);
  });
}

function htmlResponse(html: Buffer, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html as Uint8Array<ArrayBuffer>, { headers, status });
}
