import { createServer } from "node:net";

/**
 * A loopback port nothing listens on now: free for a server to take, and refused to a client
 * while nothing does.
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
