import OpenAI from "openai";
import type { Config } from "../config.server";
import { withDeadline } from "../generation/deadline.server";
import { ProviderTimeoutError } from "../generation/providers/provider";
import { redact } from "./redact.server";
import { describeEngine } from "./setup-status.server";
import type { ConnectionCheck } from "#domain/setup";

/** A check is one quick call: it should answer well within this, whatever PROVIDER_TIMEOUT_SECONDS says. */
export const CHECK_TIMEOUT_MS = 15_000;

/**
 * Calls the configured image provider once, in a way that costs nothing: for OpenAI
 * (and compatible gateways) an authenticated GET of /models, which proves the address,
 * the key and — when the model is listed — the model, without generating an image.
 */
export async function checkImageConnection(
  config: Config,
  options: { timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const engine = describeEngine(config);
  if (engine.kind === "preview") {
    return {
      ok: true,
      latencyMs: 0,
      modelAvailable: null,
      message:
        "The preview engine runs inside Motif: there is no outside service to reach. Connect a real model to test it here.",
    };
  }
  const { openai } = config.generation;
  const client = new OpenAI({ apiKey: openai.apiKey ?? "", baseURL: openai.baseUrl, maxRetries: 0 });
  const timeoutMs = Math.min(options.timeoutMs ?? CHECK_TIMEOUT_MS, config.generation.timeoutMs);
  const started = performance.now();
  try {
    // The engine's whole-call deadline: the SDK's own timeout would not cover a stalled body.
    const page = await withDeadline(timeoutMs, undefined, (signal) => client.models.list({ signal }));
    const latencyMs = Math.round(performance.now() - started);
    const modelAvailable = page.data.some((model) => model.id === engine.model);
    return {
      ok: true,
      latencyMs,
      modelAvailable,
      message: modelAvailable
        ? `Connected to ${engine.host}: the key works and ${engine.model} is available.`
        : `Connected to ${engine.host} and the key works, but ${engine.model} is not among the models it lists. Check OPENAI_IMAGE_MODEL.`,
    };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    return {
      ok: false,
      latencyMs,
      modelAvailable: null,
      // A key too short to be real could match ordinary words of the message: left as it is.
      message: redact(
        explain(error, engine.host, timeoutMs),
        (openai.apiKey?.length ?? 0) >= 8 ? openai.apiKey : undefined,
      ),
    };
  }
}

/** The provider's own words, with what to do about them. */
function explain(error: unknown, host: string, timeoutMs: number): string {
  if (error instanceof ProviderTimeoutError) {
    return `${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`;
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const reason = causeOf(error);
    return `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check OPENAI_BASE_URL and this server's network.`;
  }
  if (error instanceof OpenAI.APIError) {
    const said = providerMessage(error);
    const status = error.status;
    const suffix = said ? ` The service said: “${said}”` : "";
    if (status === 401) return `The API key was refused (HTTP 401). Check OPENAI_API_KEY.${suffix}`;
    if (status === 403) return `The API key is not allowed to do this (HTTP 403).${suffix}`;
    if (status === 404) return `${host} has no models list at this address (HTTP 404). Check OPENAI_BASE_URL.${suffix}`;
    if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
    if (status !== undefined && status >= 500)
      return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
    return `The service answered HTTP ${status ?? "error"}.${suffix}`;
  }
  return `The check failed: ${error instanceof Error ? error.message : String(error)}`;
}

function providerMessage(error: InstanceType<typeof OpenAI.APIError>): string | undefined {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === "string" && body.message.trim() ? body.message.trim() : undefined;
}

/** The system error code (ECONNREFUSED, ENOTFOUND…) under a connection failure, else its innermost message. */
function causeOf(error: Error): string | undefined {
  let cause: unknown = error.cause;
  let message: string | undefined;
  for (let depth = 0; cause && depth < 4; depth++) {
    const { code, message: said } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string") return code;
    if (typeof said === "string" && said !== "fetch failed") message = said;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}
