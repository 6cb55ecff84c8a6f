import { addJobEndingHook } from "./generation/job-endings.server";
import { webhookEndingHook } from "./webhooks/deliveries.server";

/**
 * Connects the features to the generation engine, which imports none of them: what each
 * wants to hear from it. Every process that ends jobs (web, worker, the test server) calls
 * this before it starts; calling it again changes nothing.
 */
export function connectFeatures(): void {
  addJobEndingHook(webhookEndingHook);
}
