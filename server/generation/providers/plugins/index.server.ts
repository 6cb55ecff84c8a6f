import type { ZodRawShape } from "zod";
import type { ProviderPlugin } from "../plugin.server";
import { comfyuiPlugin } from "./comfyui.server";
import { falPlugin } from "./fal.server";
import { geminiPlugin } from "./gemini.server";
import { offlinePlugin } from "./offline.server";
import { openaiPlugin } from "./openai.server";

/** Every image provider an operator can enable: the one place a new provider is added. */
export const providerPlugins = [offlinePlugin, openaiPlugin, geminiPlugin, falPlugin, comfyuiPlugin] as const;

type Plugin = (typeof providerPlugins)[number];
export type ProviderId = Plugin["id"];
/** Each provider's settings, by id, as the configuration holds them. */
export type ProviderSettings = { [P in Plugin as P["id"]]: ReturnType<P["settings"]> };

export const providerIds = providerPlugins.map((plugin) => plugin.id) as [ProviderId, ...ProviderId[]];

/**
 * The plugin of a provider id, for code that handles every provider alike: its functions take
 * that provider's settings, which is what `config.generation.settings[id]` holds.
 */
export const pluginOf = (id: ProviderId) =>
  providerPlugins.find((plugin) => plugin.id === id) as unknown as ProviderPlugin<
    ProviderId,
    ZodRawShape,
    ProviderSettings[ProviderId]
  >;

/** Every plugin's variables, for the configuration's schema. */
export const pluginEnv = Object.assign(
  {},
  ...providerPlugins.map((plugin) => plugin.env),
) as Plugin["env"] extends infer E ? UnionToIntersection<E> : never;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Each provider's settings from the parsed environment. */
export function pluginSettings(env: Record<string, unknown>): ProviderSettings {
  return Object.fromEntries(
    providerPlugins.map((plugin) => [plugin.id, (plugin.settings as (env: unknown) => unknown)(env)]),
  ) as ProviderSettings;
}
