// A local stand-in for Recraft's API (external.api.recraft.ai), on one port (the provider's base
// URL replaces https://external.api.recraft.ai): "Authorization: Bearer <token>"; POST
// /v1/images/generations (JSON) answered {data: [{image_id, url}]}, a vector model's (or vector
// style's) results as SVG, a raster's as PNG, at the size its ratio gives; the multipart
// imageToImage and inpaint (a grey mask of the image's size); the one-file tools vectorize,
// removeBackground, crispUpscale and creativeUpscale answered {image: {url}}; POST /v1/styles (a
// base style and one to five pictures) answered {id}; GET /v1/users/me. Result links are public
// and expire as `control` says. Bodies are checked as Recraft checks them (400 {code, message}).
// Failures, moderation, stalls and broken or unsafe results are set through `control` (or POST
// /__control).
// Run alone: node tests/fakes/recraft-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./recraft-api/http.ts";
import { createState, resetState } from "./recraft-api/state.ts";

export type {
  FakeRecraftControl,
  ReceivedImage,
  RecordedCall,
  RecraftFailure,
  ResultFault,
} from "./recraft-api/state.ts";

export const FAKE_RECRAFT_KEY = "recraft_fake_token_0123456789";

export async function startFakeRecraft(options: { port?: number; key?: string; credits?: number } = {}) {
  const state = createState(options.key ?? FAKE_RECRAFT_KEY, options.credits ?? 5000);
  const server: Server = createServer((req, res) => {
    handleRequest(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: "internal_error", message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    key: state.key,
    control: state.control,
    calls: state.calls,
    downloads: state.downloads,
    stalls: state.stalls,
    styles: state.styles,
    connectionFaults: state.connectionFaults,
    /** The calls to one endpoint ("/v1/images/generations"), in order. */
    callsTo: (path: string) => state.calls.filter((call) => call.path === path),
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeRecraft = Awaited<ReturnType<typeof startFakeRecraft>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeRecraft({ port: Number(process.argv[2]) });
  console.log(`Fake Recraft API on ${fake.url}`);
}
