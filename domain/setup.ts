import { z } from "zod";

/** What the setup page shows about this instance. Never a key, password or full URL with credentials. */
export interface SetupStatus {
  /** The models on offer, the default first. */
  engines: EngineStatus[];
  mail: { kind: "outbox"; folder: string } | { kind: "smtp"; host: string; port: number | null; from: string };
  storage:
    { kind: "disk"; folder: string } | { kind: "s3"; bucket: string; region: string; endpointHost: string | null };
  database:
    | { kind: "pglite"; folder: string; version: string }
    | { kind: "postgres"; host: string; name: string; version: string };
  /** Why the signed-in person is the operator. */
  operatorRule: "admin_emails" | "first_account";
}

/** One enabled image provider, for its operator. */
export interface EngineStatus {
  /** The provider id ("openai", "gemini", "fal", "comfyui", "offline"). */
  id: string;
  /** "OpenAI Images API", "Preview engine"… */
  name: string;
  model: string;
  /** The host it reaches (no credentials); null for the preview engine. */
  host: string | null;
  /** The variable that moved it from the service's own address, when one did. */
  addressVariable: string | null;
  isDefault: boolean;
  preview: boolean;
}

/** POST /api/setup/test-connection: the provider to check (the default when left out). */
export const connectionCheckBody = z
  .object({ provider: z.string().trim().min(1).max(32).optional() })
  .strict()
  .optional();

/** One call to the image provider, made to prove the settings work. */
export interface ConnectionCheck {
  ok: boolean;
  /** Milliseconds the provider took to answer (0 for the preview engine). */
  latencyMs: number;
  /** What happened, in plain words, for the operator. */
  message: string;
  /** Whether the configured model was among those the provider listed; null when not asked. */
  modelAvailable: boolean | null;
}

export interface TestEmailResult {
  ok: boolean;
  to: string;
  /** Where the message went, or why it did not, in plain words. */
  message: string;
}

/** The setup actions take no parameters: an empty body (or none) is the only valid one. */
export const setupActionBody = z.object({}).strict().optional();

/** How often an operator may run a setup check (each one calls an outside service). */
export const setupCheckLimit = { perWindow: 5, windowMs: 60_000 } as const;

/**
 * A browser-session cookie (no expiry) that hides the preview-engine banner: it is
 * read on the server, so a dismissed banner never flashes, and it is gone on the next visit.
 */
export const SETUP_BANNER_COOKIE = "motif_setup_banner";
