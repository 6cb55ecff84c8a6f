// The fake ComfyUI's WebSocket: /ws?clientId= connections (one per client id, the newest
// wins), the status each gets on connecting and whenever the queue changes, and the messages
// sent to a prompt's client.
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { WebSocketServer } from "ws";
import type { ComfyState } from "./state.ts";

/** Sends a message to one client's socket, or to every open socket when `sid` is not given. */
export function send(state: ComfyState, type: string, data: Record<string, unknown>, sid?: string) {
  const targets = sid ? [state.sockets.get(sid)] : [...state.sockets.values()];
  for (const socket of targets) if (socket?.readyState === socket?.OPEN) socket?.send(JSON.stringify({ type, data }));
}

const queueInfo = (state: ComfyState) => ({
  exec_info: { queue_remaining: state.pending.length + (state.running ? 1 : 0) },
});

export const broadcastStatus = (state: ComfyState) => send(state, "status", { status: queueInfo(state) });

/** Takes /ws upgrades on `server` (behind the same Authorization as the HTTP API). */
export function acceptSockets(state: ComfyState, server: Server): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.replace(/^\/api\//, "/") !== "/ws") return socket.destroy();
    if (state.control.requireAuthorization && req.headers.authorization !== state.control.requireAuthorization) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sid = url.searchParams.get("clientId") || randomUUID().replaceAll("-", "");
      state.calls.push(`WS /ws?clientId=${sid}`);
      state.sockets.get(sid)?.close();
      state.sockets.set(sid, ws);
      ws.on("close", () => {
        if (state.sockets.get(sid) === ws) state.sockets.delete(sid);
      });
      ws.send(JSON.stringify({ type: "status", data: { status: queueInfo(state), sid } }));
    });
  });
  return wss;
}
