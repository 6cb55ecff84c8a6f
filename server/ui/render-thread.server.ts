import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { getLogger } from "../logger.server";
import type { RenderTransfer } from "./render-transfer.server";

/** An idle render thread ends after this long; the next document starts it again. */
const IDLE_MS = 30_000;
/**
 * The thread's heap: about 30 MB stays live (the build's modules); unbounded, V8 let garbage grow
 * it past 100 MB under load and the process past its 500 MB budget. Bounded, it collects sooner
 * (docs/decisions/133).
 */
const OLD_GENERATION_MB = 96;

interface Pending {
  resolve(result: { html: Buffer; status: number }): void;
  reject(error: Error): void;
}

type Reply = { id: number; html: Uint8Array; status: number } | { id: number; error: string };

/**
 * A second thread for rendering documents: React's render is most of a fresh signed-in page's
 * cost, and the thread answering requests also runs the loaders and the embedded database, so
 * on a machine with two or more cores the two run side by side (docs/decisions/133). Started on
 * the first document and ended when idle; a failed render rejects, and the caller renders the
 * document itself.
 */
export class RenderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Set when a thread stopped before rendering anything: it would fail again, so none is started. */
  private broken = false;
  /** Answers the current thread has sent, failures included: any at all shows it started. */
  private answered = 0;

  constructor(private readonly file: URL) {}

  /** False once a thread stopped before rendering anything: documents render where they are. */
  get usable(): boolean {
    return !this.broken;
  }

  render(transfer: RenderTransfer): Promise<{ html: Buffer; status: number }> {
    if (this.broken) return Promise.reject(new Error("The render thread could not start"));
    const worker = this.worker ?? this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, transfer });
      } catch (error) {
        // Data that cannot be copied to the thread (the caller renders the document itself).
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Ends the thread; documents still rendering there are rejected (and rendered by their callers). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.failAll(new Error("The render thread was stopped"));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: OLD_GENERATION_MB } });
    worker.unref();
    worker.on("message", (reply: Reply) => this.answer(reply));
    worker.on("error", (error) => this.lost(worker, error));
    worker.on("exit", (code) => this.lost(worker, new Error(`The render thread stopped (${code})`)));
    this.worker = worker;
    this.answered = 0;
    return worker;
  }

  private answer(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    this.answered++;
    if ("error" in reply) pending.reject(new Error(reply.error));
    else
      pending.resolve({
        html: Buffer.from(reply.html.buffer, reply.html.byteOffset, reply.html.byteLength),
        status: reply.status,
      });
    if (this.pending.size === 0) this.idleTimer = setTimeout(() => void this.close(), IDLE_MS).unref();
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    // Stopped on its own (close() forgets its thread first): a heap over its bound, a fault.
    if (this.answered === 0) {
      this.broken = true;
      getLogger().error({ err: error }, "the render thread could not start: documents render on this thread");
    } else getLogger().warn({ err: error }, "the render thread stopped: the next document starts another");
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

let thread: RenderThread | null = null;

/**
 * Where the built server's render thread starts from; not called while developing (the dev
 * server's modules change under it) nor on a single core, where a second thread would only wait.
 */
export function enableRenderThread(file: URL): void {
  if (availableParallelism() < 2) return;
  thread = new RenderThread(file);
}

/** The render thread, while it can render: callers need not prepare a document for one that cannot. */
export function renderThread(): RenderThread | null {
  return thread?.usable ? thread : null;
}

/** At shutdown: the thread ends, and documents render where they are from then on. */
export async function closeRenderThread(): Promise<void> {
  const closing = thread;
  thread = null;
  await closing?.close();
}
