// Running one prompt, as ComfyUI's executor does: its nodes in dependency order, each announced
// on the socket; the sampler's and the upscale model's steps, where progress, holds, stalls and
// failures happen; the images SaveImage writes. Answers the status and outputs of its history entry.
import { executionOrder, imageSize, sizeAt, upscaleTiles } from "./graph.ts";
import { renderPng } from "./images.ts";
import { send } from "./socket.ts";
import type { ComfyState, HistoryEntry, Running } from "./state.ts";

/** Resolves after `ms`, or at once when the running prompt is woken (an interrupt). */
const pause = (item: Running, ms: number | null) =>
  new Promise<void>((resolve) => {
    const timer = ms === null ? null : setTimeout(resolve, ms);
    item.wake = () => {
      if (timer) clearTimeout(timer);
      resolve();
    };
  });

/** Runs `item` through its graph, sending its messages to its client's socket as it goes. */
export async function execute(
  state: ComfyState,
  item: Running,
): Promise<HistoryEntry["status"] & { outputs: HistoryEntry["outputs"] }> {
  const { control, files, sockets, progressSent } = state;
  const sid = item.clientId;
  const messages: [string, Record<string, unknown>][] = [];
  const emit = (type: string, data: Record<string, unknown>, keep = false) => {
    const full = { ...data, prompt_id: item.promptId };
    send(state, type, full, sid);
    if (keep) messages.push([type, { ...full, timestamp: Date.now() }]);
  };
  const outputs: HistoryEntry["outputs"] = {};
  const executed: string[] = [];
  emit("execution_start", { timestamp: Date.now() }, true);
  emit("execution_cached", { nodes: [], timestamp: Date.now() }, true);
  const order = executionOrder(item.prompt);
  const interrupted = (node: string) => {
    const data = { node_id: node, node_type: item.prompt[node]?.class_type, executed, timestamp: Date.now() };
    send(state, "execution_interrupted", { ...data, prompt_id: item.promptId });
    messages.push(["execution_interrupted", { ...data, prompt_id: item.promptId }]);
    return { status_str: "error" as const, completed: false, messages, outputs };
  };
  const failed = (node: string, exceptionType: string, message: string) => {
    const data = {
      node_id: node,
      node_type: item.prompt[node]?.class_type,
      executed,
      exception_message: message,
      exception_type: exceptionType,
      traceback: ['  File "execution.py", line 496, in execute\n'],
      current_inputs: {},
      current_outputs: [],
    };
    emit("execution_error", data, true);
    return { status_str: "error" as const, completed: false, messages, outputs };
  };
  for (const id of order) {
    const node = item.prompt[id]!;
    if (item.interrupted) return interrupted(id);
    emit("executing", { node: id, display_node: id });
    if (node.class_type === "VAEEncodeForInpaint") {
      const [pixels, mask] = await Promise.all([
        sizeAt(files, item.prompt, node.inputs?.pixels),
        sizeAt(files, item.prompt, node.inputs?.mask),
      ]);
      if (pixels && mask && (pixels[0] !== mask[0] || pixels[1] !== mask[1])) {
        return failed(
          id,
          "RuntimeError",
          `The mask is ${mask[0]}x${mask[1]} but the image it masks is ${pixels[0]}x${pixels[1]}: the mask must be the image's size.`,
        );
      }
    }
    const steps =
      node.class_type === "KSampler"
        ? Number(node.inputs?.steps)
        : node.class_type === "ImageUpscaleWithModel"
          ? await upscaleTiles(files, item.prompt, node.inputs?.image)
          : null;
    if (steps !== null) {
      if (control.stall) {
        while (!item.interrupted) await pause(item, null);
        return interrupted(id);
      }
      const failure = control.failExecution;
      if (failure && failure.count > 0) {
        failure.count--;
        return failed(id, failure.exceptionType, failure.message);
      }
      for (let step = 1; step <= steps; step++) {
        if (control.stepDelayMs) await pause(item, control.stepDelayMs);
        if (item.interrupted) return interrupted(id);
        emit("progress", { value: step, max: steps, node: id });
        progressSent.push({ promptId: item.promptId, step, steps });
        if (control.dropSocketAtStep === step && sid) sockets.get(sid)?.terminate();
        if (control.holdAtStep === step) {
          await new Promise<void>((resolve) => {
            state.releaseHold = resolve;
            item.wake = resolve;
          });
          state.releaseHold = null;
          if (item.interrupted) return interrupted(id);
        }
      }
    }
    if (node.class_type === "SaveImage") {
      const [width, height] = await imageSize(files, item.prompt, node);
      const filename = `${String(node.inputs?.filename_prefix ?? "ComfyUI")}_${String(++state.fileCounter).padStart(5, "0")}_.png`;
      // What the prompts say (the positive one may ask for a key-colour background).
      const words = Object.values(item.prompt)
        .filter((other) => other.class_type === "CLIPTextEncode")
        .map((other) => String(other.inputs?.text ?? ""))
        .join(" ");
      files.set(`output/${filename}`, await renderPng(width, height, words));
      const output = { images: [{ filename, subfolder: "", type: "output" }] };
      outputs[id] = output;
      emit("executed", { node: id, display_node: id, output });
    }
    executed.push(id);
  }
  emit("execution_success", { timestamp: Date.now() }, true);
  return { status_str: "success", completed: true, messages, outputs };
}
