import type { SessionCache } from "./auth/session-cache.server";
import type { EventStreamHub } from "./events/stream-hub.server";
import type { EngineServices } from "./generation/engine-services";
import type { MattingModel } from "./generation/pipeline/matting-model.server";
import type { JobSystem } from "./jobs/job-system.server";
import type { TrainingQueue } from "./learning/trainings.server";
import type { Mailer } from "./mail/mailer.server";
import type { WebhookNetwork } from "./net/address-policy.server";
import type { WebhookDelivery } from "./webhooks/delivery-queue.server";

/**
 * Everything a process has to serve with: the engine's services and the mailer, the event hub,
 * the session cache and the webhook machinery. Made once per process by server/services.server.ts;
 * handed to the ways in (pages, the JSON API, MCP), which hand each use case only what it needs.
 */
export interface Services extends EngineServices {
  mailer: Mailer;
  events: EventStreamHub;
  /** Sessions looked up in the last few seconds, dropped on sign-out in any process. */
  sessions: SessionCache;
  /** The operator's matting model (MATTE_MODEL_PATH); absent when none is configured. */
  matting?: MattingModel;
  /** Background jobs of every kind: generation, webhook deliveries, housekeeping (server/jobs). */
  jobs?: JobSystem;
  /** Hands trainings to the workers that follow them at their provider (server/learning). */
  trainings?: TrainingQueue;
  /**
   * How webhooks resolve and which addresses they may reach: public ones, and the networks
   * WEBHOOK_ALLOWED_NETWORKS names. Tests set their own (a resolver with private answers).
   */
  webhookNetwork?: WebhookNetwork;
  /** Present in workers: relays and delivers webhook events. */
  webhooks?: WebhookDelivery;
  /** Checks the models on offer at start, and again while one fails (provider-watch.server.ts). */
  providerWatch?: { stop(): void };
}
