// A local stand-in for Black Forest Labs' API (api.bfl.ai), on one port (the provider's base URL
// replaces https://api.bfl.ai): tasks submitted to POST /v1/<model> with the key in x-key,
// answered {id, polling_url}; polled at get_result through Pending (with progress) to Ready, whose
// result.sample is a signed, public link to a real image (made with sharp at the asked aspect
// ratio or width and height, on the key colour a prompt asks for; FLUX.1 Fill at its image's
// size); GET /v1/credits. Bodies are checked against each endpoint's fields (422 as FastAPI
// answers), input images decoded from base64, and a mask must be its image's size. BFL has no
// cancel endpoint, so neither has this fake. Failures, moderation, stalls and broken links are set
// through `control` (or POST /__control).
// Run alone: node tests/fakes/bfl-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./bfl-api/http.ts";
import { createState, resetState } from "./bfl-api/state.ts";

export type { BflFailure, FakeBflControl, ReceivedImage, RecordedTask, SampleFault } from "./bfl-api/state.ts";

export const FAKE_BFL_KEY = "bfl_fake_key_0123456789";

export async function startFakeBfl(options: { port?: number; key?: string; credits?: number } = {}) {
  const state = createState(options.key ?? FAKE_BFL_KEY, options.credits ?? 1234.5);
  const server: Server = createServer((req, res) => {
    handleRequest(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ detail: String(error) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    key: state.key,
    control: state.control,
    tasks: state.tasks,
    polls: state.polls,
    downloads: state.downloads,
    stalls: state.stalls,
    calls: state.calls,
    connectionFaults: state.connectionFaults,
    /** The account's balance, as GET /v1/credits answers it. */
    setCredits: (credits: number) => void (state.credits = credits),
    /** A task's state as a poll shows it now, without advancing it. */
    statusOf: (id: string) => state.running.get(id)?.status,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeBfl = Awaited<ReturnType<typeof startFakeBfl>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeBfl({ port: Number(process.argv[2]) });
  console.log(`Fake BFL API on ${fake.url}`);
}
