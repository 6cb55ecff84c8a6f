import { liveEventsOperation } from "./live-events.server";

/**
 * One Server-Sent Events stream per signed-in tab: job status and credit balance changes.
 * Reconnecting with Last-Event-ID replays what was missed. The stream lives only as long as
 * its session (see EventStreamHub).
 */
export const eventOperations = [liveEventsOperation];
