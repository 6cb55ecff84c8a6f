// The fake ComfyUI's prompt queue, as its single prompt worker keeps it: prompts accepted, run
// one at a time while the rest wait, kept in the history when done; pending prompts deleted,
// and interrupts of the running one.
import { randomUUID } from "node:crypto";
import { execute } from "./execution.ts";
import { NODE_TYPES, type Prompt } from "./graph.ts";
import { broadcastStatus, send } from "./socket.ts";
import type { ComfyState, QueuedPrompt } from "./state.ts";

/** Accepts a prompt that passed validation: it waits its turn, and the worker is woken. */
export function enqueue(
  state: ComfyState,
  prompt: Prompt,
  clientId: string | undefined,
  promptId: string | undefined,
): QueuedPrompt {
  const item: QueuedPrompt = {
    number: state.number++,
    promptId: String(promptId ?? randomUUID()),
    clientId,
    prompt,
    outputs: Object.entries(prompt)
      .filter(([, n]) => NODE_TYPES[String(n.class_type)]?.output)
      .map(([id]) => id),
  };
  state.prompts.push(item);
  state.pending.push(item);
  broadcastStatus(state);
  setImmediate(() => void work(state));
  return item;
}

/** Runs prompts one at a time, as ComfyUI's single prompt worker does. */
async function work(state: ComfyState) {
  if (state.running) return;
  const next = state.pending.shift();
  if (!next) return;
  const running = { ...next, interrupted: false, wake: () => {} };
  state.running = running;
  broadcastStatus(state);
  const result = await execute(state, running);
  const { outputs, ...status } = result;
  state.history.set(next.promptId, {
    prompt: [next.number, next.promptId, next.prompt, { client_id: next.clientId }, next.outputs],
    outputs,
    status,
    meta: Object.fromEntries(
      Object.keys(outputs).map((id) => [id, { node_id: id, display_node: id, parent_node: null, real_node_id: id }]),
    ),
  });
  send(state, "executing", { node: null, prompt_id: next.promptId }, next.clientId);
  state.running = null;
  broadcastStatus(state);
  void work(state);
}

/** A prompt as GET /queue lists it. */
export const queueTuple = (item: QueuedPrompt) => [
  item.number,
  item.promptId,
  item.prompt,
  { client_id: item.clientId },
  item.outputs,
];

/** POST /queue: deletes the pending prompts named, or all of them with `clear`. */
export function changeQueue(state: ComfyState, data: { delete?: string[]; clear?: boolean }) {
  for (const id of data.delete ?? []) {
    const at = state.pending.findIndex((p) => p.promptId === id);
    if (at !== -1) {
      state.pending.splice(at, 1);
      state.deletions.push(id);
    }
  }
  if (data.clear) state.pending.splice(0);
  broadcastStatus(state);
}

/** Interrupts the running prompt if `promptId` names it, or whatever runs when it is not given. */
export function interrupt(state: ComfyState, promptId: string | undefined) {
  const running = state.running;
  const target = running && (!promptId || promptId === running.promptId) ? running : null;
  state.interrupts.push({ promptId: promptId ?? null, interrupted: target?.promptId ?? null });
  if (target) {
    target.interrupted = true;
    target.wake();
  }
}
