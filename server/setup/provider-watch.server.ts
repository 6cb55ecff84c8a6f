import type { Logger } from "pino";
import { isPreview } from "#domain/preview";
import type { Config } from "../config.server";
import type { DatabaseHandle } from "../db/client.server";
import type { ImageProvider } from "../generation/providers/provider";
import { recordProviderCheck } from "../generation/providers/provider-checks.server";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import { checkImageConnection } from "./connection-check.server";
import { describeEngine } from "./setup-status.server";

/** How often a model whose check failed is tried again, so it comes back by itself. */
export const RECHECK_FAILED_MS = 60_000;

interface WatchDeps {
  config: Config;
  providers: ProviderRegistry;
  database: DatabaseHandle;
  logger: Logger;
}

/**
 * Checks every model on offer once at start (each provider's free call), without holding
 * the start up, and then every minute those that failed. Each outcome is kept for every
 * process (provider_checks): the composer marks a failed model "not reachable" and paid
 * jobs on it are refused. A failure is named in the log with the address it tried.
 */
export function watchProviderConnections(deps: WatchDeps, options: { recheckMs?: number } = {}) {
  const watched = deps.providers.offered.filter((provider) => !isPreview(provider.id) && provider.checkConnection);
  const failing = new Set<string>();

  async function check(provider: ImageProvider): Promise<void> {
    const result = await checkImageConnection(deps, { providerId: provider.id });
    await recordProviderCheck(deps.database.db, {
      provider: provider.id,
      model: provider.model,
      ok: result.ok,
      message: result.message,
    });
    const engine = describeEngine(deps.config, provider.id);
    const where = engine.addressVariable ? `${engine.host} (${engine.addressVariable})` : engine.host;
    if (!result.ok) {
      if (!failing.has(provider.id)) {
        deps.logger.warn(
          { provider: provider.id, model: provider.model, host: engine.host, reason: result.message },
          `${engine.name} at ${where} cannot be reached: ${result.message} Users see ${provider.label} as not reachable until a check succeeds.`,
        );
      }
      failing.add(provider.id);
    } else if (failing.delete(provider.id)) {
      deps.logger.info({ provider: provider.id, host: engine.host }, `${engine.name} at ${where} answers again`);
    }
  }

  const checkAll = (providers: ImageProvider[]) =>
    Promise.all(
      providers.map((provider) =>
        check(provider).catch((error) =>
          deps.logger.error({ err: error, provider: provider.id }, "could not record a model's connection check"),
        ),
      ),
    );

  const started = checkAll(watched);
  const timer = setInterval(
    () => void checkAll(watched.filter((provider) => failing.has(provider.id))),
    options.recheckMs ?? RECHECK_FAILED_MS,
  );
  timer.unref();
  return {
    /** Settles when the start-up checks are recorded. */
    started,
    stop: () => clearInterval(timer),
  };
}
