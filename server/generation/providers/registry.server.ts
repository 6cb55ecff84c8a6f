import type { Config } from "../../config.server";
import type { ProviderPlugin } from "./plugin.server";
import { pluginOf, providerPlugins, settingsOf } from "./plugins/index.server";
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

/**
 * Every provider the operator enabled (IMAGE_PROVIDERS, the default first), each with
 * its prices, and the preview engine even when not offered, so jobs queued before a
 * switch can still run.
 */
export async function createProviderRegistry(
  config: Config,
  plugins: readonly ProviderPlugin[] = providerPlugins,
): Promise<ProviderRegistry> {
  const { generation } = config;
  // Each provider's module (and its SDK) loads only when the operator enabled it.
  const build = async (id: string): Promise<ImageProvider> => {
    const plugin = pluginOf(id, plugins);
    if (!plugin) throw new Error(`No plugin for the ${id} provider`);
    const settings = settingsOf(config, id);
    return { ...(await plugin.build(settings, { timeoutMs: generation.timeoutMs })), prices: settings.price };
  };
  const [first, ...rest] = await Promise.all(generation.providers.map(build));
  const others = generation.providers.includes("offline") ? [] : [await build("offline")];
  return providerRegistry([first!, ...rest], others);
}
