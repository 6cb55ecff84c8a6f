import type { Config } from "../../config.server";
import { createOfflineProvider } from "./offline.server";
import { createOpenAIProvider } from "./openai.server";
import type { ImageProvider } from "./provider";

/** The provider the operator chose with IMAGE_PROVIDER. */
export function createImageProvider(config: Config): ImageProvider {
  const { generation } = config;
  if (generation.provider === "openai") {
    return createOpenAIProvider({
      apiKey: generation.openai.apiKey!,
      baseUrl: generation.openai.baseUrl,
      model: generation.openai.model,
      timeoutMs: generation.timeoutMs,
    });
  }
  return createOfflineProvider();
}
