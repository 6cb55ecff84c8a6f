import type { z } from "zod";
import type { ProviderSettingsBase } from "../../config/provider-env.server";
import type { ImageProvider } from "./provider";

/**
 * One image provider, whole, as the rest of the server sees it: the environment it reads, its
 * settings from that, what it cannot run without, how the setup page describes it, and how it
 * is built. Configuration, the setup page and the registry read these; adding a provider is
 * its plugin (and its client) and a line in plugins/index.server.ts. What the configuration reads
 * of it (id, env, settings, required) is a ProviderEnvSpec, handed to it by the composition.
 */
export interface ProviderPlugin<Id extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape, S = unknown> {
  id: Id;
  /** Its service, as the setup page names it ("OpenAI Images API"). */
  service: string;
  /** The preview engine: always on hand, free by default, no address or key. */
  preview?: boolean;
  /** The variables it reads (its key, address, model, workflows and price), with their defaults. */
  env: Shape;
  settings(env: z.output<z.ZodObject<Shape>>): S & ProviderSettingsBase;
  /** The variable it cannot be enabled without, and whether its settings have it. */
  required?: { variable: keyof Shape & string; isSet(settings: S): boolean };
  /** Where it is reached: the address the operator set, else its own host, and the variable that moves it. */
  address?(settings: S): { url: string | undefined; host: string; variable: string | null };
  /** The model it runs, as the setup page shows it. */
  model(settings: S): string;
  /** A secret its error messages must never show. */
  secret?(settings: S): string | undefined;
  /** The provider, its module (and SDK) loaded only now. */
  build(settings: S, common: { timeoutMs: number }): Promise<ImageProvider>;
}

/** Declares a plugin with its settings typed by its environment. */
export function defineProviderPlugin<const Id extends string, Shape extends z.ZodRawShape, S>(
  plugin: ProviderPlugin<Id, Shape, S>,
): ProviderPlugin<Id, Shape, S> {
  return plugin;
}
