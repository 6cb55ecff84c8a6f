import type { EntryContext, RouterContextProvider } from "react-router";
import { DOCUMENT_ENCODINGS, preferredEncoding } from "#server/http/content-encoding.server";
import { encodedDocument } from "#server/ui/encoded-documents.server";
import { renderedPages, renderKey } from "#server/ui/rendered-pages.server";
import { streamOfChunks } from "#server/ui/chunk-stream.server";
import { renderDocument } from "#server/ui/render-document.server";
import { renderThread } from "#server/ui/render-thread.server";
import { replayHandoff, toTransfer } from "#server/ui/render-transfer.server";
import { documentsRendered } from "#server/metrics/metrics.server";

export { streamTimeout } from "#server/ui/render-document.server";

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
    : await renderFresh(routerContext, request.url, responseStatusCode, key !== null);
  if (!key || status !== responseStatusCode) return htmlResponse(html, status, responseHeaders);
  if (!kept) renderedPages.set(key, html);
  return keptResponse(key, html, request, responseHeaders, status);
}

/**
 * A keyed page (plain data, nothing streaming) is rendered on the render thread where there is
 * one (docs/decisions/133); what it cannot render is rendered here, as every other page is.
 */
async function renderFresh(context: EntryContext, url: string, status: number, keyed: boolean) {
  const thread = keyed ? renderThread() : null;
  if (thread) {
    const transfer = await toTransfer(context, url, status);
    const rendered = await thread.render(transfer).catch(() => null);
    // An error caught while rendering is rendered and logged here instead, as without the thread.
    if (rendered?.status === status) {
      documentsRendered.inc({ thread: "render" });
      return rendered;
    }
    // The thread was handed the handoff stream's chunks: this render reads the same again.
    context.serverHandoffStream = replayHandoff(transfer);
  }
  documentsRendered.inc({ thread: "requests" });
  return renderDocument(context, url, status);
}

/**
 * A kept document in the encoding the request prefers, compressed once per document and
 * encoding and kept beside it: a person coming back to an unchanged page costs no compression,
 * and a new one costs zstd's or Brotli's faster level instead of gzip's (docs/decisions/131, 145).
 */
function keptResponse(key: string, html: Buffer, request: Request, headers: Headers, status: number) {
  headers.append("Vary", "Accept-Encoding");
  const encoding = preferredEncoding(request.headers.get("Accept-Encoding"), DOCUMENT_ENCODINGS);
  if (!encoding) return htmlResponse(html, status, headers);
  const encoded = encodedDocument(renderedPages, key, html, encoding);
  headers.set("Content-Encoding", encoding);
  return htmlResponse(encoded, status, headers);
}

function htmlResponse(html: Buffer, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Known in full: sent in one piece instead of chunks (compression, where it applies, drops it).
  headers.set("Content-Length", String(html.length));
  return new Response(streamOfChunks([html]), { headers, status });
}
