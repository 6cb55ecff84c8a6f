// A local stand-in for fal.ai, speaking its wire format on one port for all of fal's
// hosts (the provider's base URL rewrites queue.fal.run, rest.fal.ai and api.fal.ai
// onto it): the queue (submit, status with logs, result, cancel), storage uploads
// (initiate, then a PUT of the bytes to the signed URL), the files it serves (uploads
// and output images, real PNGs or JPEGs made with sharp at the asked aspect ratio, or at
// the image's size for FLUX.1 Fill, or for ESRGAN (fal-ai/esrgan) the input image itself
// resized by `scale`, opaque as ESRGAN answers, as one `image` rather than `images`), and
// the pricing list a connection check reads. "Authorization: Key <key>" is checked. Input
// images are downloaded as fal's runners do: every image_urls entry, and Fill's and ESRGAN's
// image_url and Fill's mask_url, must be a file this fake's storage served (an upload),
// decode as an image, and a mask must be its image's size; ESRGAN's scale must be a number
// from 1 to 8; otherwise the submission is refused with fal's 422 validation body.
// FLUX LoRA (fal-ai/flux-lora) takes a named image_size or {width, height} and `loras`, each
// {path: a URL (one on this fake's storage must exist), scale from 0 to 4}, recorded with the
// prompt. The LoRA trainer (fal-ai/flux-lora-fast-training) takes images_data_url, which must
// be a ZIP this fake's storage served with at least one picture (its entries and the text of
// its .txt captions are recorded as `dataset`), a string trigger_word and 1 to 10000 steps;
// its polls log "Training step <n>/<steps>" and its result is a LoRA file (safetensors bytes)
// and a config, both served from storage.
// Failures and stalls are set through `control` (or POST /__control); `failTraining` and
// `holdTraining` end trainings with an error or keep them running until cancelled.
// Run alone: node tests/fakes/fal-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./fal-api/http.ts";
import { createState, resetState } from "./fal-api/state.ts";

export { FAL_PRICES } from "./fal-api/endpoints.ts";
export type { FakeFalControl, FalFailure, ReceivedImage, RecordedSubmission, RecordedUpload } from "./fal-api/state.ts";
export type { ReceivedDataset } from "./fal-api/training.ts";

export const FAKE_FAL_KEY = "fal-key-id:fal-key-secret";

export async function startFakeFal(options: { port?: number; key?: string } = {}) {
  const state = createState(options.key ?? FAKE_FAL_KEY);
  const { key, control, submissions, uploads, cancels, pricingCalls, connectionFaults, stalls, calls } = state;
  const server: Server = createServer((req, res) => handleRequest(state, req, res));

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    key,
    control,
    submissions,
    uploads,
    cancels,
    pricingCalls,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    stalls,
    calls,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeFal({ port: Number(process.argv[2]) });
  console.log(`Fake fal.ai on ${fake.url}`);
}
