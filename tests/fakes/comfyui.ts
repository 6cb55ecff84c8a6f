// A local stand-in for a ComfyUI server, speaking its HTTP and WebSocket API as ComfyUI's
// server.py and execution.py do: POST /prompt with its validation errors (an unknown node
// type, a checkpoint or upscale model that is not installed, an input of the wrong type or out
// of its range, a LoadImage or LoadImageMask file that was never uploaded, a mask channel or a
// resize method it has not), one prompt running at a time with the rest pending, the
// /ws?clientId= messages (status, execution_start, execution_cached, executing, progress,
// executed, execution_success, execution_error, execution_interrupted, and executing with
// node null at the end), /history/{id}, /view of real opaque PNGs of the size the graph makes
// (followed back from SaveImage: the empty latent's, a scale's, the loaded image's, ×4 through
// ImageUpscaleWithModel and × scale_by through ImageScaleBy), /upload/image (multipart),
// /interrupt (targeted by prompt_id or global), GET and POST /queue, /system_stats and
// /object_info/{class}. The sampler (KSampler) and the upscale model (ImageUpscaleWithModel, one
// step per 512 px tile, as ComfyUI's tiled upscale reports) are where a prompt spends its time:
// progress, holds, stalls and execution failures happen there. Stricter than ComfyUI in three
// ways: a string still holding a "{{placeholder}}" is refused, since a client must fill them all;
// an INT or FLOAT input given as a string is refused, where ComfyUI would convert "0.5"; and
// VAEEncodeForInpaint fails (an execution_error) when its mask's file is not the size of its
// pixels' file, where ComfyUI would stretch the mask, since a client must send them alike.
// Behaviour is set through `control` (or POST /__control). Run alone: node tests/fakes/comfyui.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./comfyui/http.ts";
import { acceptSockets } from "./comfyui/socket.ts";
import { createState, resetState } from "./comfyui/state.ts";

export type { FakeComfyControl, QueuedPrompt } from "./comfyui/state.ts";

export async function startFakeComfyUI(port = 0) {
  const state = createState();
  const { control, prompts, uploads, interrupts, deletions, progressSent, connectionFaults, calls, sockets, pending } =
    state;
  const server: Server = createServer((req, res) => handleRequest(state, req, res));
  const wss = acceptSockets(state, server);
  const reset = () => resetState(state);

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address,
    control,
    prompts,
    uploads,
    interrupts,
    deletions,
    progressSent,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    calls,
    /** The client ids with an open WebSocket. */
    openSockets: () => [...sockets.keys()],
    /** What is running and waiting now. */
    queue: () => ({ running: state.running?.promptId ?? null, pending: pending.map((p) => p.promptId) }),
    /** Lets a prompt held at `holdAtStep` go on. */
    release: () => state.releaseHold?.(),
    reset,
    close: async () => {
      const running = state.running;
      if (running) {
        running.interrupted = true;
        running.wake();
      }
      pending.splice(0);
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeComfyUI = Awaited<ReturnType<typeof startFakeComfyUI>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeComfyUI(Number(process.argv[2]));
  console.log(`Fake ComfyUI on ${fake.url}`);
}
