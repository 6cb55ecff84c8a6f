import type { ZodRawShape } from "zod";
import type { Config } from "../../../config.server";
import type { ProviderSettingsBase } from "../../../config/provider-env.server";
import type { ProviderPlugin } from "../plugin.server";
import { comfyuiPlugin } from "./comfyui.server";
import { falPlugin } from "./fal.server";
import { geminiPlugin } from "./gemini.server";
import { offlinePlugin } from "./offline.server";
import { openaiPlugin } from "./openai.server";
import { replicatePlugin } from "./replicate.server";
import { bflPlugin } from "./bfl.server";
import { stabilityPlugin } from "./stability.server";
import { a1111Plugin } from "./a1111.server";
import { azureOpenaiPlugin } from "./azure-openai.server";
import { recraftPlugin } from "./recraft.server";

/** Every image provider an operator can enable: the one place a new provider is added. */
export const providerPlugins = [
  offlinePlugin,
  openaiPlugin,
  azureOpenaiPlugin,
  geminiPlugin,
  falPlugin,
  replicatePlugin,
  bflPlugin,
  stabilityPlugin,
  recraftPlugin,
  comfyuiPlugin,
  a1111Plugin,
] as const;

/**
 * A plugin for code that handles every provider alike. Its functions take the settings its own
 * `settings` made, which is what `config.generation.settings[id]` holds for it.
 */
export type AnyProviderPlugin = ProviderPlugin<string, ZodRawShape, ProviderSettingsBase>;

/** The plugin of a provider id among `plugins` (this build's, unless an extension adds more). */
export function pluginOf(
  id: string,
  plugins: readonly ProviderPlugin[] = providerPlugins,
): AnyProviderPlugin | undefined {
  return plugins.find((plugin) => plugin.id === id) as AnyProviderPlugin | undefined;
}

/** A provider's settings as the configuration read them (its plugin's own shape). */
export function settingsOf(config: Config, id: string): ProviderSettingsBase {
  const settings = config.generation.settings[id];
  if (!settings) throw new Error(`No settings for the ${id} provider: it was not among the configuration's providers`);
  return settings;
}
