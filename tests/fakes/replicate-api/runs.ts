// Predictions and trainings as the fake Replicate runs them: each advance (a poll, or a step while a
// Prefer: wait request is held) moves one from starting to processing, logging a tqdm-like progress
// line, then ends it: succeeded with the output its `finish` makes, failed with its error, or as
// it was when it was cancelled.
import type { Reply } from "./reply.ts";
import type { ReplicateState, Run } from "./state.ts";

export const isTerminal = (run: Run) => !["starting", "processing"].includes(run.status);

/** One step of a run's life. */
export async function advance(state: ReplicateState, run: Run): Promise<void> {
  if (isTerminal(run)) return;
  const { control } = state;
  const training = run.kind === "training";
  const starting = training ? control.trainingPollsStarting : control.pollsStarting;
  const processing = training ? control.trainingPollsProcessing : control.pollsProcessing;
  run.advances++;
  if (run.advances <= starting) return;
  const step = run.advances - starting;
  if (step <= processing || (!training && control.holdProcessing)) {
    run.status = "processing";
    run.startedAt ??= new Date().toISOString();
    const steps = processing + 1;
    const done = Math.min(step, processing);
    const percent = Math.round((done / steps) * 100);
    run.logs += training
      ? `flux_train_replicate: ${String(percent).padStart(3)}%|${"█".repeat(percent / 10)}| ${done * 100}/${steps * 100} [00:0${done}<00:0${steps - done}, 1.25it/s]\n`
      : `${String(percent).padStart(3)}%|${"█".repeat(percent / 10)}| ${done}/${steps} [00:0${done}<00:0${steps - done}, 4.00it/s]\n`;
    return;
  }
  await end(run);
}

async function end(run: Run) {
  if (isTerminal(run)) return;
  run.completedAt = new Date().toISOString();
  run.startedAt ??= run.completedAt;
  if (run.failure) {
    run.status = "failed";
    run.error = run.failure;
    run.logs += `${run.failure}\n`;
    return;
  }
  run.output = (await run.finish?.()) ?? null;
  // Cancelled while the output was being made: it stays cancelled.
  if (isTerminal(run)) return;
  run.status = "succeeded";
}

/** A cancel: a run not ended yet is canceled at once; an ended one is answered as it is. */
export function cancelRun(run: Run) {
  if (isTerminal(run)) return;
  run.status = "canceled";
  run.completedAt = new Date().toISOString();
  run.logs += "Prediction canceled\n";
}

/** A run as Replicate's API shows it. */
export function runObject(state: ReplicateState, run: Run) {
  const base = `${state.url}/v1/${run.kind === "training" ? "trainings" : "predictions"}/${run.id}`;
  return {
    id: run.id,
    model: run.model,
    version: run.version ?? "hidden",
    input: run.input,
    logs: run.logs,
    output: isTerminal(run) && run.status === "succeeded" ? run.output : null,
    data_removed: false,
    error: run.error,
    status: run.status,
    source: "api",
    created_at: run.createdAt,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    ...(run.status === "succeeded" ? { metrics: { predict_time: 1.25, total_time: 1.5 } } : {}),
    urls: { get: base, cancel: `${base}/cancel`, web: `https://replicate.com/p/${run.id}` },
  };
}

/**
 * Answers a run just created: at once, or, with "Prefer: wait[=N]", held until it ends or the
 * wait does (N seconds, 60 at most), advancing every `control.stepMs` meanwhile.
 */
export async function answerCreated(
  state: ReplicateState,
  reply: Reply,
  run: Run,
  prefer: string | undefined,
  closed: () => boolean,
) {
  const wait = /(?:^|[;,\s])wait(?:=(\d+))?/.exec(prefer ?? "");
  if (wait) {
    const seconds = Math.min(60, Math.max(1, Number(wait[1] ?? 60)));
    const holdMs = Math.min(seconds * 1000, state.control.waitCapMs ?? Infinity);
    const until = Date.now() + holdMs;
    const tick = state.control.stepMs > 0 ? state.control.stepMs : 20;
    while (!isTerminal(run) && Date.now() < until && !closed()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(tick, Math.max(1, until - Date.now()))));
      if (state.control.stepMs > 0) await advance(state, run);
    }
  }
  return reply.json(201, runObject(state, run));
}

export const runId = () =>
  Array.from({ length: 26 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
