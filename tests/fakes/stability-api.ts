// A local stand-in for Stability AI, speaking its Stable Image API (v2beta) and its v1 account
// endpoints on one port (the provider's base URL replaces https://api.stability.ai): Core and
// Ultra, Structure control, Inpaint, Outpaint, the Fast, Conservative and Creative upscalers (the
// last asynchronous, its result at /v2beta/results/{id}), the account and the balance. Requests
// are multipart/form-data, checked field by field against each endpoint's reference (400 with
// Stability's {id, name, errors}); images are decoded and recorded; answers are real images
// (sharp) with finish-reason and seed headers. "Authorization: Bearer <key>" is checked (401).
// Failures, stalls and held requests are set through `control` (or POST /__control).
// Run alone: node tests/fakes/stability-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./stability-api/http.ts";
import { createState, resetState } from "./stability-api/state.ts";

export type { FakeStabilityControl, ReceivedImage, RecordedRequest, StabilityFailure } from "./stability-api/state.ts";

export const FAKE_STABILITY_KEY = "sk-fake-stability-key";
export const FAKE_STABILITY_EMAIL = "tester@motif.test";

export async function startFakeStability(options: { port?: number; apiKey?: string; email?: string } = {}) {
  const state = createState(options.apiKey ?? FAKE_STABILITY_KEY, options.email ?? FAKE_STABILITY_EMAIL);
  const server: Server = createServer((req, res) => {
    handleRequest(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ id: "fake", name: "internal_error", errors: [String(error)] }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    apiKey: state.apiKey,
    email: state.email,
    control: state.control,
    requests: state.requests,
    /** Requests whose client went away before they were answered. */
    abandoned: state.abandoned,
    stalls: state.stalls,
    calls: state.calls,
    connectionFaults: state.connectionFaults,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStability = Awaited<ReturnType<typeof startFakeStability>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStability({ port: Number(process.argv[2]) });
  console.log(`Fake Stability on ${fake.url}`);
}
