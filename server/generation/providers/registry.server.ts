import type { Config } from "../../config.server";
import type { ProviderId } from "../../config/provider-env.server";
import path from "node:path";
import { createOfflineProvider } from "./offline.server";
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

/** Each provider's module (and its SDK) loads only when the operator enabled it. */
type Builders = { [K in ProviderId]: (config: Config) => Promise<ImageProvider> };

const builders: Builders = {
  offline: async () => createOfflineProvider(),
  openai: async ({ generation }) =>
    (await import("./openai.server")).createOpenAIProvider({
      apiKey: generation.openai.apiKey!,
      baseUrl: generation.openai.baseUrl,
      model: generation.openai.model,
      timeoutMs: generation.timeoutMs,
    }),
  gemini: async ({ generation }) =>
    (await import("./gemini.server")).createGeminiProvider({
      apiKey: generation.gemini.apiKey!,
      baseUrl: generation.gemini.baseUrl,
      model: generation.gemini.model,
      timeoutMs: generation.timeoutMs,
    }),
  fal: async ({ generation }) =>
    (await import("./fal.server")).createFalProvider({
      key: generation.fal.key!,
      baseUrl: generation.fal.baseUrl,
      model: generation.fal.model,
      fillModel: generation.fal.fillModel,
      upscaleModel: generation.fal.upscaleModel,
      timeoutMs: generation.timeoutMs,
    }),
  comfyui: async ({ generation }) => {
    const [{ createComfyUIProvider }, { checkpointOf, loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS }] = await Promise.all(
      [import("./comfyui.server"), import("./comfyui-workflow.server")],
    );
    // Read and checked at start: a bad workflow file stops the server with its reason.
    const file = generation.comfyui.workflow ?? SHIPPED_COMFY_WORKFLOWS.textToImage;
    const workflow = loadComfyWorkflow(file);
    const reference = generation.comfyui.referenceWorkflow;
    return createComfyUIProvider({
      baseUrl: generation.comfyui.url!,
      workflow,
      referenceWorkflow: reference ? loadComfyWorkflow(reference) : undefined,
      editWorkflow: loadComfyWorkflow(generation.comfyui.editWorkflow ?? SHIPPED_COMFY_WORKFLOWS.edit, {
        variable: "COMFYUI_EDIT_WORKFLOW",
        needsPrompt: true,
      }),
      inpaintWorkflow: loadComfyWorkflow(generation.comfyui.inpaintWorkflow ?? SHIPPED_COMFY_WORKFLOWS.inpaint, {
        variable: "COMFYUI_INPAINT_WORKFLOW",
        needsPrompt: true,
      }),
      // Offered only once the operator has installed an upscale model and named the workflow.
      upscaleWorkflow: generation.comfyui.upscaleWorkflow
        ? loadComfyWorkflow(generation.comfyui.upscaleWorkflow, {
            variable: "COMFYUI_UPSCALE_WORKFLOW",
            needsPrompt: false,
          })
        : undefined,
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
export async function createProviderRegistry(config: Config): Promise<ProviderRegistry> {
  const { generation } = config;
  const build = async (id: ProviderId): Promise<ImageProvider> => ({
    ...(await builders[id](config)),
    prices: generation.prices[id],
  });
  const [first, ...rest] = await Promise.all(generation.providers.map(build));
  const others = generation.providers.includes("offline") ? [] : [await build("offline")];
  return providerRegistry([first!, ...rest], others);
}
