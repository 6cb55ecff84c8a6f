// A render thread's entry (built beside the server as build/server/render-worker.js): renders the
// documents the thread answering requests sends, with the same build (docs/decisions/133).
import { parentPort } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { inTurn } from "./in-turn.server";
import { renderDocument } from "./render-document.server";
import { fromTransfer, prepareBuild, type RenderTransfer } from "./render-transfer.server";

const prepared = prepareBuild(serverBuild as unknown as ServerBuild);

/** One document at a time (see `inTurn`). */
const inOrder = inTurn();

parentPort!.on("message", ({ id, transfer }: { id: number; transfer: RenderTransfer }) => {
  void inOrder(() =>
    // In the chain, so a context that cannot be made is refused like a failed render.
    Promise.resolve()
      .then(() => renderDocument(fromTransfer(prepared, transfer), transfer.url, transfer.status))
      .then(
        ({ html, status }) => {
          // The document's bytes own their memory (DocumentBytes), perhaps beyond the view after
          // the manifest's compaction: the memory moves to the other thread with the view.
          parentPort!.postMessage({ id, html, status }, [html.buffer as ArrayBuffer]);
        },
        (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
      ),
  );
});
