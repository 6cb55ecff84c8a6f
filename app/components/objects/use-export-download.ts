import { useCallback, useEffect, useRef, useState } from "react";
import { EXPORT_FILE_COUNT_HEADER, SVG_SPRITE_COUNT_HEADER } from "#domain/exports";
import { ApiError, type FieldError } from "~/lib/api/api";

export type ExportProgress =
  | { phase: "idle" }
  /**
   * `done` of `total` parts arrived — an SVG sprite's symbols or a ZIP's files (`parts`); total null:
   * a file whose parts are not counted. `bytes` so far.
   */
  | { phase: "preparing"; done: number; total: number | null; parts: "symbols" | "files"; bytes: number }
  /** `fields`: what a 400 named at fault, for a form to show under its fields. */
  | { phase: "failed"; message: string; fields: FieldError[] };

/** "attachment; filename="a-sprite.svg"" → "a-sprite.svg". */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}

/** How many times `needle` ends in `text`, given the `carry` left from the chunk before. */
function countAcross(carry: string, text: string, needle: string): { count: number; carry: string } {
  const joined = carry + text;
  let count = 0;
  for (let at = joined.indexOf(needle); at >= 0; at = joined.indexOf(needle, at + needle.length)) count++;
  return { count, carry: joined.slice(-(needle.length - 1)) };
}

/** A ZIP entry's local header begins with these four bytes ("PK\x03\x04", APPNOTE 4.3.7). */
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04];

/** How many ZIP entries begin in `bytes`, given the last three bytes of the chunk before. */
function entriesAcross(carry: Uint8Array, bytes: Uint8Array): { count: number; carry: Uint8Array } {
  const joined = new Uint8Array(carry.length + bytes.length);
  joined.set(carry);
  joined.set(bytes, carry.length);
  let count = 0;
  for (let at = joined.indexOf(ZIP_ENTRY[0]!); at >= 0 && at + 3 < joined.length; at = joined.indexOf(0x50, at + 1)) {
    if (ZIP_ENTRY.every((byte, i) => joined[at + i] === byte)) count++;
  }
  return { count, carry: joined.slice(-3) };
}

/** Counts the parts of an export as its bytes arrive: SVG symbols by their closing tag, ZIP entries by their header. */
function partCounter(parts: "symbols" | "files") {
  const decoder = new TextDecoder();
  let text = "";
  let bytes: Uint8Array = new Uint8Array(0);
  return (chunk: Uint8Array): number => {
    if (parts === "symbols") {
      const found = countAcross(text, decoder.decode(chunk, { stream: true }), "</symbol>");
      text = found.carry;
      return found.count;
    }
    const found = entriesAcross(bytes, chunk);
    bytes = found.carry;
    return found.count;
  };
}

/**
 * An export fetched by the page rather than by the browser's download manager, so the dialog
 * can stay open and say how far it is (an SVG sprite's symbols and a ZIP's files are counted as
 * they stream in),
 * and an error answer is shown as a message instead of becoming a file. When the whole file has
 * arrived it is handed to the browser as a download and `onStarted` runs with the file's name.
 */
export function useExportDownload(onStarted: (fileName: string) => void) {
  const [progress, setProgress] = useState<ExportProgress>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (url: string, fallbackName: string) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ phase: "preparing", done: 0, total: null, parts: "symbols", bytes: 0 });
      try {
        const response = await fetch(url, { signal: controller.signal, credentials: "same-origin" });
        if (!response.ok || !response.body) {
          const body = (await response.json().catch(() => null)) as {
            error?: { message?: string; fields?: FieldError[] };
          } | null;
          const fields = Array.isArray(body?.error?.fields) ? body.error.fields : [];
          throw new ApiError(response.status, "export_failed", body?.error?.message ?? response.statusText, fields);
        }
        const symbols = response.headers.get(SVG_SPRITE_COUNT_HEADER);
        const files = response.headers.get(EXPORT_FILE_COUNT_HEADER);
        const parts = symbols === null && files !== null ? "files" : "symbols";
        const counted = symbols ?? files;
        const total = counted === null ? null : Number(counted);
        const count = partCounter(parts);
        const reader = response.body.getReader();
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        let done = 0;
        let bytes = 0;
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          chunks.push(next.value);
          bytes += next.value.byteLength;
          // A ZIP also holds its manifest (and credits), and compressed bytes may by chance look like a header.
          if (total !== null) done = Math.min(total, done + count(next.value));
          setProgress({ phase: "preparing", done, total, parts, bytes });
        }
        const file = new Blob(chunks, { type: response.headers.get("Content-Type") ?? "application/octet-stream" });
        const link = document.createElement("a");
        link.href = URL.createObjectURL(file);
        link.download = fileNameOf(response.headers.get("Content-Disposition"), fallbackName);
        document.body.append(link);
        link.click();
        link.remove();
        // The download has taken the file by the time the page could notice; a minute is ample.
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
        abort.current = null;
        setProgress({ phase: "idle" });
        onStarted(link.download);
      } catch (error) {
        abort.current = null;
        if (controller.signal.aborted) return;
        setProgress({
          phase: "failed",
          message: error instanceof ApiError ? error.message : "The export stopped before it was complete. Try again.",
          fields: error instanceof ApiError ? error.fields : [],
        });
      }
    },
    [onStarted],
  );

  return { progress, start, running: progress.phase === "preparing" };
}
