// A render thread's entry (built beside the server as build/server/render-worker.js): renders the
// documents the thread answering requests sends, with the same build (docs/decisions/133).
import { parentPort } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { renderDocument } from "./render-document.server";
import { fromTransfer, routeTree, type RenderTransfer } from "./render-transfer.server";

const build = serverBuild as unknown as ServerBuild;
const tree = routeTree(build.routes);

parentPort!.on("message", (message: { id: number; transfer: RenderTransfer }) => {
  renderDocument(fromTransfer(build, tree, message.transfer), message.transfer.url, message.transfer.status).then(
    ({ html, status }) => {
      // A Buffer may be a view of a larger shared one: its own copy crosses without copying again.
      const bytes = html.byteOffset === 0 && html.byteLength === html.buffer.byteLength ? html : Uint8Array.from(html);
      parentPort!.postMessage({ id: message.id, html: bytes, status }, [bytes.buffer as ArrayBuffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
