import { getConfig } from "./configuration.server";
import { openDatabase } from "./db/client.server";
import { getLogger } from "./logger.server";
import { databaseHubStore, EventStreamHub } from "./events/stream-hub.server";
import { createProviderRegistry } from "./generation/providers/registry.server";
import { startGenerationQueue } from "./generation/queue.server";
import { startHousekeeping } from "./housekeeping/housekeeping.server";
import { startJobSystem } from "./jobs/job-system.server";
import { loadConfiguredMattingModel } from "./generation/pipeline/matting-model.server";
import { runGenerationJob } from "./generation/run-job.server";
import { createOutboxMailer, createSmtpMailer } from "./mail/mailer.server";
import { ImageUrlSigner, loadImageUrlSecret } from "./images/signed-urls.server";
import { createDiskStorage } from "./storage/storage.server";
import { singleton } from "./singleton.server";
import { trackRunningJob } from "./process-guard.server";
import { watchProviderConnections } from "./setup/provider-watch.server";
import { SessionCache } from "./auth/session-cache.server";
import { reportFrom } from "./metrics/metrics.server";
import { cardVariantsSettled } from "./images/card-variants.server";
import path from "node:path";
import { connectFeatures } from "./features.server";
import type { Services } from "./services";
import { networkAllowing, publicNetwork } from "./net/address-policy.server";
import { startWebhookDelivery } from "./webhooks/delivery-queue.server";
import { startTrainingQueue, workTrainings } from "./learning/training-queue.server";

async function createServices(): Promise<Services> {
  connectFeatures();
  const config = getConfig();
  // Loaded first: a model that cannot be used stops the start, naming MATTE_MODEL_PATH.
  const matting = config.matting ? await loadConfiguredMattingModel(config.matting) : undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  });
  const logger = getLogger();
  logger.info({ database: database.kind, prepared: database.prepared }, "database ready");
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
    : createOutboxMailer({ dir: path.join(config.dataDir, "outbox"), from: config.mail.from, logger });
  if (mailer.kind === "outbox") {
    logger.warn("SMTP_URL is not set: e-mail goes to the outbox folder and sign-in links are printed here");
  }
  // The S3 client is loaded only where it is used: an embedded install never holds it.
  const storage =
    config.storage.kind === "s3"
      ? (await import("./storage/s3-storage.server")).createS3Storage(config.storage)
      : createDiskStorage(path.join(config.dataDir, "files"));
  const providers = await createProviderRegistry(config);
  const events = new EventStreamHub(databaseHubStore(database), config.eventStreams);
  await events.start();
  const sessions = new SessionCache();
  await sessions.listen(database);
  const imageUrls = new ImageUrlSigner(await loadImageUrlSecret(database.db));
  const services: Services = { config, database, mailer, storage, providers, events, sessions, imageUrls, matting };
  services.webhookNetwork = networkAllowing(config.webhooks.allowedNetworks);
  // In the background: an unreachable model is named in the log without holding the start up.
  services.providerWatch = watchProviderConnections({ config, providers, database, logger });
  // Workers listen for new jobs and keep the schedules; a web-only process only sends.
  const jobs = await startJobSystem({
    database,
    superviseSeconds: config.generation.heartbeatSeconds,
    listen: config.worker,
    schedule: config.worker,
    onError: (error) => logger.error({ err: error }, "job queue error"),
  });
  services.jobs = jobs;
  reportFrom({ db: database.db, openEventStreams: () => events.size, queueCounts: () => jobs.counts() });
  services.queue = await startGenerationQueue(jobs, { heartbeatSeconds: config.generation.heartbeatSeconds });
  services.trainings = await startTrainingQueue(jobs);
  if (config.worker) await startWorker(services);
  return services;
}

/** The process's shared services, created once on first use. */
export function getServices(): Promise<Services> {
  return singleton("services", createServices);
}

/** Works queued generation jobs in this process. */
export async function startWorker(services: Services): Promise<void> {
  const { config, database, storage, providers, matting } = services;
  const logger = getLogger();
  logger.info(
    {
      provider: providers.default.id,
      model: providers.default.model,
      concurrency: config.generation.concurrency,
      perUserConcurrency: config.generation.perUserConcurrency,
    },
    "generation worker started",
  );
  await services.queue!.work(
    async (jobId, signal) => {
      const done = trackRunningJob(jobId);
      const job = await runGenerationJob(
        {
          db: database.db,
          storage,
          providers,
          matting,
          maxAttempts: config.generation.maxAttempts,
          timeoutMs: config.generation.timeoutMs,
          signal,
        },
        jobId,
      ).finally(done);
      if (job) logger.info({ jobId, status: job.status, attempts: job.attempts }, "generation job finished");
    },
    { concurrency: config.generation.concurrency, perUserConcurrency: config.generation.perUserConcurrency },
  );
  if (services.jobs) {
    services.webhooks = await startWebhookDelivery({
      jobs: services.jobs,
      database,
      network: services.webhookNetwork ?? publicNetwork,
      onError: (error) => logger.error({ err: error }, "webhook delivery error"),
    });
    if (services.trainings) {
      await workTrainings(services.jobs, {
        db: database.db,
        storage,
        providers,
        config,
        queue: services.trainings,
      });
    }
    // Scheduled, once across all processes; any worker may take a run (server/housekeeping).
    await startHousekeeping(services.jobs, database.db, {
      generation: config.generation,
      schedule: config.housekeepingSchedule,
    });
  }
}

export async function closeServices(): Promise<void> {
  const services = await getServices();
  services.providerWatch?.stop();
  await services.webhooks?.stop();
  await services.jobs?.stop();
  await cardVariantsSettled();
  await services.events.close();
  await services.sessions.close();
  await services.database.close();
}
