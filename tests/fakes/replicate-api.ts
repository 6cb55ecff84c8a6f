// A local stand-in for Replicate, speaking its v1 HTTP API on one port (the provider's base URL
// replaces https://api.replicate.com): the account; official models' predictions by name and any
// model's by version, created with or without "Prefer: wait" (held until the prediction ends or the
// wait does), polled at urls.get through starting → processing (tqdm-like logs) → succeeded, and
// cancelled; the Files API (multipart uploads, served back at urls.get and /download); the output
// files it delivers at public /delivery/ addresses (real images made with sharp at the asked aspect
// ratio, on the key colour a prompt asks for; FLUX.1 Fill at its image's size; Real-ESRGAN its
// input resized by `scale`); destination models and trainings of ostris/flux-dev-lora-trainer,
// whose dataset ZIP is read and recorded, and whose trained versions then run as models.
// "Authorization: Bearer <token>" is checked (401 as Replicate answers it). Inputs are checked
// against each model's schema (422 with Replicate's problem body); input images may be data URIs
// or files this fake served, and are decoded as images. Failures and stalls are set through
// `control` (or POST /__control).
// Run alone: node tests/fakes/replicate-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./replicate-api/http.ts";
import { createState, resetState } from "./replicate-api/state.ts";

export { NSFW_ERROR } from "./replicate-api/predictions.ts";
export type {
  FakeReplicateControl,
  ReceivedImage,
  RecordedFile,
  RecordedPrediction,
  RecordedTraining,
  ReplicateFailure,
} from "./replicate-api/state.ts";

export const FAKE_REPLICATE_TOKEN = "r8_fake_replicate_token";
export const FAKE_REPLICATE_USERNAME = "motif-tester";

export async function startFakeReplicate(options: { port?: number; token?: string; username?: string } = {}) {
  const state = createState(options.token ?? FAKE_REPLICATE_TOKEN, options.username ?? FAKE_REPLICATE_USERNAME);
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
    token: state.token,
    username: state.username,
    control: state.control,
    predictions: state.predictions,
    trainings: state.trainings,
    files: state.files,
    cancels: state.cancels,
    trainingCancels: state.trainingCancels,
    modelsCreated: state.modelsCreated,
    downloads: state.downloads,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults: state.connectionFaults,
    stalls: state.stalls,
    calls: state.calls,
    /** A prediction's or training's state as the API shows it now, without advancing it. */
    statusOf: (id: string) => state.runs.get(id)?.status,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeReplicate({ port: Number(process.argv[2]) });
  console.log(`Fake Replicate on ${fake.url}`);
}
