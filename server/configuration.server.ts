import { configVariableNamesWith, parseConfigWith, type Config } from "./config.server";
import { providerPlugins } from "./generation/providers/plugins/index.server";

/**
 * The configuration with this build's providers: where the process hands its provider plugins
 * to the configuration, which names none itself (docs/decisions/110).
 */
export const parseConfig = (env: Record<string, string | undefined>): Config => parseConfigWith(env, providerPlugins);

/** Every environment variable the server reads (the deploy files are checked against it). */
export const configVariableNames = configVariableNamesWith(providerPlugins);

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
