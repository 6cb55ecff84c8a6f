/**
 * fetch, with the request body turned into bytes before the request starts.
 *
 * Node's fetch (undici 7.20 and later) writes a FormData body into its stream from an
 * async task that nothing awaits. When the request fails while that task is still
 * writing — a refused port, a reset, a proxy cutting the upload, an abort — the stream is
 * closed under it, its next write throws "ReadableStream is already closed", and the
 * rejection escapes every caller: by default it ends the process. A body that is already
 * bytes is written in one step before the request begins, so no write can outlive the
 * request. Provider uploads are a few MB at most, so holding them whole costs little.
 */
export const bufferedFetch: typeof fetch = async (input, init) => fetch(input, await withBufferedBody(init));

/** `init` with a FormData, Blob, URLSearchParams or stream body replaced by its bytes and content type. */
export async function withBufferedBody(init?: RequestInit): Promise<RequestInit | undefined> {
  const body = init?.body;
  if (body == null || typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    return init;
  }
  // A Response serialises any body the way fetch would (the multipart boundary included),
  // and reading it to the end here leaves no writer behind.
  const serialised = new Response(body);
  const bytes = new Uint8Array(await serialised.arrayBuffer());
  const headers = new Headers(init!.headers);
  const type = serialised.headers.get("content-type");
  if (type && !headers.has("content-type")) headers.set("content-type", type);
  const { duplex: _streamedOnly, ...rest } = init as RequestInit & { duplex?: string };
  return { ...rest, headers, body: bytes };
}
