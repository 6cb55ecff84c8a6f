import type { ModelsView, ModelView } from "#domain/models";
import { standardPrices } from "#domain/pricing";
import type { ImageProvider } from "./provider";
import { failedCheckOf, type ProviderCheckRecord } from "./provider-checks.server";
import type { ProviderRegistry } from "./registry.server";

/** `failed`: the providers whose last connection check failed (failedProviderChecks). */
export function presentModel(
  provider: ImageProvider,
  failed: ReadonlyMap<string, ProviderCheckRecord> = new Map(),
): ModelView {
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
    reachable: !failedCheckOf(failed, provider),
    edit: { words: capabilities.edit.words, region: capabilities.edit.region, why: capabilities.edit.why ?? null },
    views: { can: !capabilities.cannotPose, why: capabilities.cannotPose ?? null },
    upscaler: capabilities.upscale?.label ?? null,
    trainer: provider.training ? (capabilities.train?.label ?? null) : null,
    characterReference: capabilities.characterReference,
    vector: capabilities.vector?.label ?? null,
    customStyle: Boolean(capabilities.customStyle && provider.createStyle),
  };
}

/** The models users may pick, for the browser and the API. */
export function presentModels(
  providers: ProviderRegistry,
  failed?: ReadonlyMap<string, ProviderCheckRecord>,
): ModelsView {
  return { models: providers.offered.map((p) => presentModel(p, failed)), defaultId: providers.default.id };
}
