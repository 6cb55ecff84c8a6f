import { pluginOf, settingsOf } from "../generation/providers/plugins/index.server";
import type { Config } from "../config.server";
import { withDeadline } from "../generation/deadline.server";
import { ProviderTimeoutError } from "../generation/providers/provider";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import { isPreview } from "#domain/preview";
import type { ConnectionCheck } from "#domain/setup";
import { redact } from "./redact.server";
import { describeEngine } from "./setup-status.server";

/** A check is one quick call: it should answer well within this, whatever PROVIDER_TIMEOUT_SECONDS says. */
export const CHECK_TIMEOUT_MS = 15_000;

/**
 * Calls one enabled image provider (the default when none is named) once, in a way
 * that costs nothing (each provider's own free, authenticated call), and says how it went.
 */
export async function checkImageConnection(
  deps: { config: Config; providers: ProviderRegistry },
  options: { providerId?: string; timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const provider = options.providerId ? deps.providers.offeredById(options.providerId) : deps.providers.default;
  if (!provider) return { ok: false, latencyMs: 0, modelAvailable: null, message: "That provider is not enabled." };
  if (isPreview(provider.id) || !provider.checkConnection) {
    return {
      ok: true,
      latencyMs: 0,
      modelAvailable: null,
      message:
        "The preview engine runs inside Motif: there is no outside service to reach. Connect a real model to test it here.",
    };
  }
  const engine = describeEngine(deps.config, provider.id);
  const timeoutMs = Math.min(options.timeoutMs ?? CHECK_TIMEOUT_MS, deps.config.generation.timeoutMs);
  const secret = secretOf(deps.config, provider.id);
  const started = performance.now();
  try {
    // The engine's whole-call deadline: a client's own timeout would not cover a stalled body.
    const probe = await withDeadline(timeoutMs, undefined, (signal) => provider.checkConnection!(signal));
    return { ok: true, latencyMs: Math.round(performance.now() - started), ...probe };
  } catch (error) {
    const message =
      error instanceof ProviderTimeoutError
        ? `${engine.host ?? engine.name} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      modelAvailable: null,
      // A key too short to be real could match ordinary words of the message: left as it is.
      message: redact(message, secret && secret.length >= 8 ? secret : undefined),
    };
  }
}

function secretOf(config: Config, providerId: string): string | undefined {
  const plugin = pluginOf(providerId);
  return plugin?.secret?.(settingsOf(config, providerId));
}
