import type { Config } from "../../config.server";
import { createOfflineProvider } from "./offline.server";
import { createOpenAIProvider } from "./openai.server";
import type { ImageProvider } from "./provider";

/** The providers this process can run jobs with; a job names its own. */
export interface ProviderRegistry {
  /** The one new jobs are made with. */
  readonly default: ImageProvider;
  get(id: string): ImageProvider | undefined;
}

export function providerRegistry(providers: [ImageProvider, ...ImageProvider[]]): ProviderRegistry {
  const byId = new Map(providers.map((p) => [p.id, p]));
  return { default: providers[0], get: (id) => byId.get(id) };
}

/**
 * Every provider this process knows: the one the operator chose with IMAGE_PROVIDER first,
 * and the preview engine (no keys, no network), so jobs queued before a switch can still run.
 */
export function createProviderRegistry(config: Config): ProviderRegistry {
  const { generation } = config;
  const preview = createOfflineProvider({ priceRate: generation.previewPriceRate });
  if (generation.provider !== "openai") return providerRegistry([preview]);
  const openai = createOpenAIProvider({
    apiKey: generation.openai.apiKey!,
    baseUrl: generation.openai.baseUrl,
    model: generation.openai.model,
    timeoutMs: generation.timeoutMs,
  });
  return providerRegistry([openai, preview]);
}
