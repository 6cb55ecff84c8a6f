import type { Config, ProviderId } from "../../config.server";
import path from "node:path";
import { createComfyUIProvider } from "./comfyui.server";
import { checkpointOf, loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "./comfyui-workflow.server";
import { createFalProvider } from "./fal.server";
import { createGeminiProvider } from "./gemini.server";
import { createOfflineProvider } from "./offline.server";
import { createOpenAIProvider } from "./openai.server";
import type { ImageProvider } from "./provider";

/** The providers this process can run jobs with; a job names its own. */
export interface ProviderRegistry {
  /** The one new jobs are made with when the user picks none. */
  readonly default: ImageProvider;
  /** The models users may pick, the default first. */
  readonly offered: readonly ImageProvider[];
  /** Any provider this process can run (for jobs already queued), offered or not. */
  get(id: string): ImageProvider | undefined;
  /** A provider users may pick for a new generation. */
  offeredById(id: string): ImageProvider | undefined;
}

/** `offered` in order (the first is the default); `others` run old jobs only. */
export function providerRegistry(
  offered: [ImageProvider, ...ImageProvider[]],
  others: ImageProvider[] = [],
): ProviderRegistry {
  const offeredIds = new Set(offered.map((p) => p.id));
  const byId = new Map([...others, ...offered].map((p) => [p.id, p]));
  return {
    default: offered[0],
    offered,
    get: (id) => byId.get(id),
    offeredById: (id) => (offeredIds.has(id) ? byId.get(id) : undefined),
  };
}

type Builders = { [K in ProviderId]: (config: Config) => ImageProvider };

const builders: Builders = {
  offline: () => createOfflineProvider(),
  openai: ({ generation }) =>
    createOpenAIProvider({
      apiKey: generation.openai.apiKey!,
      baseUrl: generation.openai.baseUrl,
      model: generation.openai.model,
      timeoutMs: generation.timeoutMs,
    }),
  gemini: ({ generation }) =>
    createGeminiProvider({
      apiKey: generation.gemini.apiKey!,
      baseUrl: generation.gemini.baseUrl,
      model: generation.gemini.model,
      timeoutMs: generation.timeoutMs,
    }),
  fal: ({ generation }) =>
    createFalProvider({
      key: generation.fal.key!,
      baseUrl: generation.fal.baseUrl,
      model: generation.fal.model,
      timeoutMs: generation.timeoutMs,
    }),
  comfyui: ({ generation }) => {
    // Read and checked at start: a bad workflow file stops the server with its reason.
    const file = generation.comfyui.workflow ?? SHIPPED_COMFY_WORKFLOWS.textToImage;
    const workflow = loadComfyWorkflow(file);
    const reference = generation.comfyui.referenceWorkflow;
    return createComfyUIProvider({
      baseUrl: generation.comfyui.url!,
      workflow,
      referenceWorkflow: reference ? loadComfyWorkflow(reference) : undefined,
      authHeader: generation.comfyui.authHeader,
      model: checkpointOf(workflow) ?? path.basename(file, ".json"),
      timeoutMs: generation.timeoutMs,
    });
  },
};

/**
 * Every provider the operator enabled (IMAGE_PROVIDERS, the default first), each with
 * its prices, and the preview engine even when not offered, so jobs queued before a
 * switch can still run.
 */
export function createProviderRegistry(config: Config): ProviderRegistry {
  const { generation } = config;
  const build = (id: ProviderId): ImageProvider => ({ ...builders[id](config), prices: generation.prices[id] });
  const [first, ...rest] = generation.providers.map(build);
  const others = generation.providers.includes("offline") ? [] : [build("offline")];
  return providerRegistry([first!, ...rest], others);
}
