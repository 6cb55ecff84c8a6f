import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentBytes } from "./document-bytes.server";

/** How long a document's boundaries may wait on data before React Router ends its stream. */
export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering, as one body with a Content-Length. Every loader
 * has finished before rendering starts and no page suspends on data, so streaming would send
 * the same bytes later in many small chunks, each one passing through a web stream and back.
 * The status turns 500 when a boundary caught an error while rendering.
 */
export function renderDocument(context: EntryContext, url: string, status: number) {
  return new Promise<{ html: Buffer; status: number }>((resolve, reject) => {
    let answered = status;
    const body = new DocumentBytes(
      (html) => {
        clearTimeout(timeoutId);
        resolve({ html, status: answered });
      },
      (error) => {
        clearTimeout(timeoutId);
        reject(error);
      },
    );
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={url} />, {
      onAllReady() {
        pipe(body as unknown as NodeJS.WritableStream);
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
