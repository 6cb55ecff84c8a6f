import type { DatabaseHandle } from "#server/db/client.server";
import { startGenerationQueue, type GenerationQueue } from "#server/generation/queue.server";
import { startJobSystem, type JobSystem } from "#server/jobs/job-system.server";

export interface StartedQueue {
  jobs: JobSystem;
  queue: GenerationQueue;
  stop(): Promise<void>;
}

/** A process's job system and its generation queue on `database`, as services.server.ts starts them. */
export async function startQueueOn(
  database: DatabaseHandle,
  options: { listen?: boolean; schedule?: boolean; superviseSeconds?: number } = {},
): Promise<StartedQueue> {
  const heartbeatSeconds = 30;
  const jobs = await startJobSystem({
    database,
    // Tests that read the queues' counts have them refreshed every second.
    superviseSeconds: options.superviseSeconds ?? heartbeatSeconds,
    listen: options.listen,
    schedule: options.schedule,
  });
  const queue = await startGenerationQueue(jobs, { heartbeatSeconds });
  return { jobs, queue, stop: () => jobs.stop() };
}
