import { networkCause } from "./network-cause.server";
import OpenAI from "openai";
import type { ConnectionProbe } from "./provider";

/** The variables an operator fixes when a check fails: OpenAI's, unless a caller names its own. */
export interface CheckVariables {
  address: string;
  key: string;
  model: string;
}
const openaiVariables: CheckVariables = {
  address: "OPENAI_BASE_URL",
  key: "OPENAI_API_KEY",
  model: "OPENAI_IMAGE_MODEL",
};
/** How many of a compatible server's models a failed check names. */
const MODELS_NAMED = 5;

/**
 * OpenAI's free connection check: an authenticated GET of /models, which proves the
 * address, the key and — when the model is listed — the model, without making an image.
 * A compatible server (LocalAI, sd-server) answers the same list, often without a key.
 */
export async function checkOpenAIConnection(
  client: OpenAI,
  options: { model: string; host: string; signal: AbortSignal; compatible?: boolean },
): Promise<ConnectionProbe> {
  const { model, host } = options;
  try {
    const page = await client.models.list({ signal: options.signal });
    const ids = page.data.map((listed) => listed.id);
    const modelAvailable = ids.includes(model);
    if (options.compatible) {
      const named = ids.slice(0, MODELS_NAMED).join(", ") + (ids.length > MODELS_NAMED ? ", …" : "");
      return {
        modelAvailable,
        message: modelAvailable
          ? `Connected to ${host}: it serves ${model}.`
          : `Connected to ${host}, but ${model} is not among the models it serves (${named || "none listed"}). Check OPENAI_IMAGE_MODEL.`,
      };
    }
    return {
      modelAvailable,
      message: modelAvailable
        ? `Connected to ${host}: the key works and ${model} is available.`
        : `Connected to ${host} and the key works, but ${model} is not among the models it lists. Check OPENAI_IMAGE_MODEL.`,
    };
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new Error(explainOpenAIError(error, host), { cause: error });
  }
}

/** The provider's own words, with what to do about them (and which of `variables` to check). */
export function explainOpenAIError(error: unknown, host: string, variables: CheckVariables = openaiVariables): string {
  if (error instanceof OpenAI.APIConnectionError) {
    const reason = networkCause(error);
    return `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check ${variables.address} and this server's network.`;
  }
  if (error instanceof OpenAI.APIError) {
    const said = providerMessage(error);
    const status = error.status;
    const suffix = said ? ` The service said: “${said}”` : "";
    if (status === 401) return `The API key was refused (HTTP 401). Check ${variables.key}.${suffix}`;
    if (status === 403) return `The API key is not allowed to do this (HTTP 403).${suffix}`;
    if (status === 404)
      return `${host} has no models list at this address (HTTP 404). Check ${variables.address}.${suffix}`;
    if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
    if (status !== undefined && status >= 500)
      return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
    return `The service answered HTTP ${status ?? "error"}.${suffix}`;
  }
  return `The check failed: ${error instanceof Error ? error.message : String(error)}`;
}

export function providerMessage(error: InstanceType<typeof OpenAI.APIError>): string | undefined {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === "string" && body.message.trim() ? body.message.trim() : undefined;
}
