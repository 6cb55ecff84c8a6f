// A local stand-in for a Stable Diffusion WebUI (AUTOMATIC1111 / Forge) started with --api, as
// its FastAPI /docs describe it: /sdapi/v1/txt2img and img2img (checked, run one at a time step
// by step, answered with base64 PNGs on the key colour a prompt asks for), /progress (the running
// job's sampling steps), /interrupt (recorded; the running job then answers with its half-made
// image), /sd-models, /options and /loras. With `auth` it asks for HTTP Basic as --api-auth does.
// The WebUI has no moderation: failures are an exception's 500, a stall, a held run and answers
// no WebUI gives, set through `control` (or POST /__control).
// Run alone: node tests/fakes/a1111-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./a1111-api/http.ts";
import { createState, resetState } from "./a1111-api/state.ts";

export { FAKE_SAMPLERS } from "./a1111-api/runs.ts";
export { FAKE_CHECKPOINTS, FAKE_LORAS } from "./a1111-api/state.ts";
export type { FakeA1111Control, ReceivedImage, RecordedRun } from "./a1111-api/state.ts";

export async function startFakeA1111(options: { port?: number; auth?: string | null } = {}) {
  const state = createState(options.auth ?? null);
  const server: Server = createServer((req, res) => {
    handleRequest(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "Exception", detail: "", body: "", errors: String(error) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    auth: state.auth,
    control: state.control,
    runs: state.runs,
    interrupts: state.interrupts,
    stalls: state.stalls,
    connectionFaults: state.connectionFaults,
    progressPolls: () => state.progressPolls,
    /** The WebUI's progress state as /sdapi/v1/progress shows it now. */
    progress: () => ({ ...state.progress }),
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        state.wake?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeA1111 = Awaited<ReturnType<typeof startFakeA1111>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeA1111({ port: Number(process.argv[2]), auth: process.env.FAKE_A1111_AUTH ?? null });
  console.log(`Fake Stable Diffusion WebUI on ${fake.url}`);
}
