import { AppError } from "#domain/errors";
import { modelUnavailableMessage } from "#domain/models";
import type { ImageProvider } from "./providers/provider";
import type { ProviderRegistry } from "./providers/registry.server";

/**
 * The provider a new generation runs with: the one the user asked for (which must be on
 * offer), else the style's default while it is still on offer, else the operator's default.
 */
export function chooseProvider(
  providers: ProviderRegistry,
  options: { requested?: string | null; styleDefault?: string | null },
): ImageProvider {
  if (options.requested) {
    const provider = providers.offeredById(options.requested);
    if (!provider) throw new AppError("bad_request", modelUnavailableMessage, { field: "model" });
    return provider;
  }
  return (options.styleDefault && providers.offeredById(options.styleDefault)) || providers.default;
}
