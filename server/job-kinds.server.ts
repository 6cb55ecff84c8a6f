/**
 * Every kind of background job Motif runs, by its queue. A new kind is declared with `defineJob`
 * beside the code that does its work and listed here; tests/integration/job-system.test.ts checks
 * that each listed kind is defined when a worker starts.
 */
export { generationJob } from "./generation/queue.server";
export { housekeepingJob } from "./housekeeping/housekeeping.server";
export { webhookDeliveryJob } from "./webhooks/delivery-queue.server";
export { trainingJob } from "./learning/training-queue.server";
