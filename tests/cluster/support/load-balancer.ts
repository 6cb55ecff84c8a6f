// A small HTTP load balancer for the cluster test: round-robin over healthy web processes,
// a request that could not reach one (connection refused while it restarts) tried on the
// next, streamed responses (server-sent events) passed through as they come. Every answer
// says which process gave it (X-Backend), and a request may ask for one (X-Cluster-Backend),
// so a test can sign in on one process and carry on on the other.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Backend {
  name: string;
  port: number;
}

export interface LoadBalancer {
  url: string;
  /** Requests each backend answered, and requests that no backend could answer. */
  stats: { answered: Record<string, number>; failed: number };
  close(): Promise<void>;
}

/** Errors that mean the request never reached the process, so another may take it. */
const NOT_DELIVERED = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

export async function startLoadBalancer(backends: Backend[], port = 0): Promise<LoadBalancer> {
  let next = 0;
  const stats = { answered: Object.fromEntries(backends.map((b) => [b.name, 0])), failed: 0 };

  function order(pinned: string | undefined): Backend[] {
    const pin = backends.find((b) => b.name === pinned);
    if (pin) return [pin];
    const start = next++ % backends.length;
    return [...backends.slice(start), ...backends.slice(0, start)];
  }

  /** Sends one attempt; resolves false when the backend could not be reached at all. */
  function attempt(
    backend: Backend,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
  ): Promise<boolean> {
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: backend.port,
          method: req.method,
          path: req.url,
          // A fresh connection per request: a refused one was never seen by the process, so
          // retrying it elsewhere cannot run anything twice.
          agent: false,
          headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
        },
        (answer) => {
          stats.answered[backend.name]!++;
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": backend.name });
          answer.pipe(res);
          resolve(true);
        },
      );
      upstream.once("error", (error: NodeJS.ErrnoException) => {
        if (!res.headersSent && NOT_DELIVERED.has(error.code ?? "")) resolve(false);
        else {
          res.destroy(error);
          resolve(true);
        }
      });
      res.once("close", () => upstream.destroy());
      upstream.end(body);
    });
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const pinned = req.headers["x-cluster-backend"];
    // A restarting pair may both be down for a moment: go round a few times before giving up.
    for (let round = 0; round < 50; round++) {
      for (const backend of order(typeof pinned === "string" ? pinned : undefined)) {
        if (await attempt(backend, req, body, res)) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stats.failed++;
    res.writeHead(502, { "content-type": "text/plain" }).end("No web process answered");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
