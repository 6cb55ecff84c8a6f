import { useCallback, useEffect, useRef, useState } from "react";
import { SVG_SPRITE_COUNT_HEADER } from "#domain/exports";
import { ApiError } from "~/lib/api";

export type ExportProgress =
  | { phase: "idle" }
  /** `done` of `total` symbols arrived (total null: a file whose parts are not counted); `bytes` so far. */
  | { phase: "preparing"; done: number; total: number | null; bytes: number }
  | { phase: "failed"; message: string };

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

/**
 * An export fetched by the page rather than by the browser's download manager, so the dialog
 * can stay open and say how far it is (an SVG sprite's symbols are counted as they stream in),
 * and an error answer is shown as a message instead of becoming a file. When the whole file has
 * arrived it is handed to the browser as a download and `onStarted` runs.
 */
export function useExportDownload(onStarted: () => void) {
  const [progress, setProgress] = useState<ExportProgress>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (url: string, fallbackName: string) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ phase: "preparing", done: 0, total: null, bytes: 0 });
      try {
        const response = await fetch(url, { signal: controller.signal, credentials: "same-origin" });
        if (!response.ok || !response.body) {
          const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          throw new ApiError(response.status, "export_failed", body?.error?.message ?? response.statusText);
        }
        const counted = response.headers.get(SVG_SPRITE_COUNT_HEADER);
        const total = counted === null ? null : Number(counted);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        let done = 0;
        let bytes = 0;
        let carry = "";
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          chunks.push(next.value);
          bytes += next.value.byteLength;
          if (total !== null) {
            const found = countAcross(carry, decoder.decode(next.value, { stream: true }), "</symbol>");
            done += found.count;
            carry = found.carry;
          }
          setProgress({ phase: "preparing", done, total, bytes });
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
        onStarted();
      } catch (error) {
        abort.current = null;
        if (controller.signal.aborted) return;
        setProgress({
          phase: "failed",
          message: error instanceof ApiError ? error.message : "The export stopped before it was complete. Try again.",
        });
      }
    },
    [onStarted],
  );

  return { progress, start, running: progress.phase === "preparing" };
}
