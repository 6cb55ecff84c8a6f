import type { ModelsView, ModelView } from "#domain/models";
import { standardPrices } from "#domain/pricing";
import type { ImageProvider } from "./provider";
import type { ProviderRegistry } from "./registry.server";

export function presentModel(provider: ImageProvider): ModelView {
  const { capabilities } = provider;
  return {
    id: provider.id,
    label: provider.label,
    model: provider.model,
    prices: provider.prices ?? standardPrices,
    transparency: capabilities.nativeAlpha ? "native" : "matte",
    maxReferences: capabilities.maxReferences,
    sizes: capabilities.sizes,
    detail: capabilities.detail,
  };
}

/** The models users may pick, for the browser and the API. */
export function presentModels(providers: ProviderRegistry): ModelsView {
  return { models: providers.offered.map(presentModel), defaultId: providers.default.id };
}
