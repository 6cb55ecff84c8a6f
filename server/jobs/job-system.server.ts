import { fromPglite, PgBoss, type Job, type SendOptions, type WorkOptions } from "pg-boss";
import type { DatabaseHandle } from "../db/client.server";
import type { JobDefinition } from "./define-job.server";

/** pg-boss's own queues (the scheduler's) are named with this prefix. */
const PG_BOSS_OWN_QUEUES = "__pgboss";
/** How often a worker process reads the schedules (pg-boss's cron pass and its sender). */
const SCHEDULE_POLL_SECONDS = 45;

/** What a queue holds now, in the whole installation (read from the database). */
export interface QueueCounts {
  queue: string;
  queued: number;
  active: number;
  deferred: number;
  failed: number;
}

/** A job as its handler gets it: the data checked against its definition. */
export interface TakenJob<T> {
  id: string;
  data: T;
  /** Runs before this one (0 for the first). */
  retryCount: number;
  /** Aborted when the run expires or the process stops. */
  signal: AbortSignal;
}

/**
 * The background jobs of every kind (pg-boss in the database): a job survives a crash or restart
 * and is retried; on PostgreSQL any worker process may take it. One per process; every queue, its
 * schedule and its workers go through it.
 */
export interface JobSystem {
  /** Creates the job's queue, or brings its settings up to date; registers its schedule if it has one. */
  define<T extends object>(job: JobDefinition<T>): Promise<void>;
  /**
   * Queues one job of `job`'s kind and wakes this process's idle workers of it; resolves to its
   * id, or null when the queue's policy dropped it.
   */
  send<T extends object>(job: JobDefinition<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for jobs of this kind in this process. A handler that throws fails the run (retried by rule). */
  work<T extends object>(
    job: JobDefinition<T>,
    options: WorkOptions,
    handler: (taken: TakenJob<T>) => Promise<void>,
  ): Promise<void>;
  /** Stops this process's workers of one kind. */
  stopWorking(job: JobDefinition<object>): Promise<void>;
  /** Wakes this process's idle workers of `job` to look at once. */
  wake(job: JobDefinition<object>): void;
  /**
   * What every queue holds (Motif's, not pg-boss's own), as of the last supervising pass (every
   * `superviseSeconds`): the same in every process, whichever kinds it works.
   */
  counts(): Promise<QueueCounts[]>;
  /** The queue library underneath, for tests that read a job's state. */
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobSystem(options: {
  database: DatabaseHandle;
  /**
   * How often the queue looks for runs whose worker stopped sending heartbeats (to run them
   * again) and counts each queue's jobs: JOB_HEARTBEAT_SECONDS.
   */
  superviseSeconds: number;
  /** Whether this process listens for the notice a sent job raises, to wake its workers. */
  listen?: boolean;
  /**
   * Whether this process keeps the schedules (sends a scheduled job when it comes due): worker
   * processes do; pg-boss lets one of them send each occurrence, however many are up.
   */
  schedule?: boolean;
  onError?: (error: Error) => void;
}): Promise<JobSystem> {
  const { database } = options;
  const scheduling = options.schedule ?? false;
  const common = {
    superviseIntervalSeconds: options.superviseSeconds,
    monitorIntervalSeconds: options.superviseSeconds,
    // Motif chains no jobs: without this, its poll (every 5 s) would be much of what an idle process does.
    flowIntervalSeconds: 3600,
    schedule: scheduling,
    ...(scheduling
      ? { cronMonitorIntervalSeconds: SCHEDULE_POLL_SECONDS, cronWorkerIntervalSeconds: SCHEDULE_POLL_SECONDS }
      : {}),
    useListenNotify: options.listen ?? true,
  };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", ...common })
      : new PgBoss({ connectionString: database.url!, max: 4, ...common });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  const wake = (job: JobDefinition<object>) => {
    for (const worker of boss.getWipData()) if (worker.name === job.name) boss.notifyWorker(worker.id);
  };

  return {
    boss,
    async define(job) {
      const queueOptions = {
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff ?? false,
        ...(job.retry.delayMaxSeconds === undefined ? {} : { retryDelayMax: job.retry.delayMaxSeconds }),
        ...(job.expireInSeconds === undefined ? {} : { expireInSeconds: job.expireInSeconds }),
        ...(job.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: job.heartbeatSeconds }),
        notify: job.notify ?? false,
      };
      // A scheduled job is one at a time: a run that comes due while one is queued or running is dropped.
      await boss.createQueue(job.name, { ...queueOptions, ...(job.schedule ? { policy: "exclusive" } : {}) });
      // createQueue keeps an existing queue's settings; bring them up to date.
      await boss.updateQueue(job.name, queueOptions);
      if (job.schedule && scheduling) await boss.schedule(job.name, job.schedule, { v: job.version });
    },
    async send(job, data, sendOptions) {
      const checked = job.schema.parse(data);
      const id = await boss.send(job.name, { ...checked, v: job.version }, sendOptions ?? {});
      // A notice wakes listening workers in every process; this process's own need no round trip.
      wake(job);
      return id;
    },
    async work(job, workOptions, handler) {
      await boss.work<Record<string, unknown>>(job.name, workOptions, async ([taken]) => {
        if (!taken) return;
        await handler({ id: taken.id, data: dataOf(job, taken), retryCount: taken.retryCount, signal: taken.signal });
      });
    },
    stopWorking: (job) => boss.offWork(job.name),
    wake,
    async counts() {
      const queues = (await boss.getQueues()).filter((queue) => !queue.name.startsWith(PG_BOSS_OWN_QUEUES));
      return queues.map((queue) => ({
        queue: queue.name,
        queued: queue.readyCount,
        active: queue.activeCount,
        deferred: queue.deferredCount,
        failed: queue.failedCount,
      }));
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** A job's data as its definition says, or an error (the run fails; a job of an unknown version is not guessed at). */
function dataOf<T extends object>(job: JobDefinition<T>, taken: Job<Record<string, unknown>>): T {
  const { v, ...data } = taken.data ?? {};
  // Jobs queued before their kind had a version carry none: they are version 1.
  const version = v === undefined ? 1 : v;
  if (version !== job.version) throw new Error(`A ${job.name} job of version ${String(version)} cannot be run here.`);
  return job.schema.parse(data);
}
