// A user's webhook endpoint: a real HTTP server that records every POST (headers and
// the raw body, as a receiver must verify the signature over the exact bytes) and
// answers each with the next status of its script: 200 once the script runs out.
// A 3xx answer carries `Location: redirectTo`.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  port: number;
  received: ReceivedWebhook[];
  /** The statuses of the next answers, in order. */
  answer(...statuses: number[]): void;
  /** Where 3xx answers point. */
  redirectTo: string;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const script: number[] = [];
  const receiver = {
    received: [] as ReceivedWebhook[],
    answer: (...statuses: number[]) => void script.push(...statuses),
    redirectTo: "http://127.0.0.1:9/",
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const status = script.shift() ?? 200;
      receiver.received.push({
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        status,
      });
      if (status >= 300 && status < 400) res.setHeader("Location", receiver.redirectTo);
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
