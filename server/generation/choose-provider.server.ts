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

/**
 * The provider for work only some can do (an edit, an AI upscale): `chooseProvider`'s choice when
 * `can` holds for it; otherwise, unless one was asked for by name, the first on offer that can.
 * When none will do, `refuse` is called with the provider that was chosen, to say why it cannot.
 */
export function chooseProviderThatCan(
  providers: ProviderRegistry,
  options: { requested?: string | null; styleDefault?: string | null },
  can: (provider: ImageProvider) => boolean,
  refuse: (chosen: ImageProvider) => Error,
): ImageProvider {
  const chosen = chooseProvider(providers, options);
  if (can(chosen)) return chosen;
  const able = options.requested ? undefined : providers.offered.find(can);
  if (!able) throw refuse(chosen);
  return able;
}
