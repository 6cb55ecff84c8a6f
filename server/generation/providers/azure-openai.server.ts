import { modelLabel } from "#domain/models";
import OpenAI, { AzureOpenAI } from "openai";
import { checkAzureConnection } from "./azure-openai-check.server";
import { bufferedFetch } from "./buffered-fetch.server";
import { classifyOpenAIError, dialectOf, imagesApi } from "./openai.server";
import { ProviderError, ProviderRefusalError, type ImageProvider } from "./provider";

/** The data-plane version that has gpt-image-1's generations and edits (Azure's inference reference). */
export const DEFAULT_AZURE_API_VERSION = "2025-04-01-preview";
/** What a deployment runs when AZURE_OPENAI_MODEL does not say. */
export const DEFAULT_AZURE_MODEL = "gpt-image-1";

export interface AzureOpenAIProviderOptions {
  /** AZURE_OPENAI_ENDPOINT: https://<resource>.openai.azure.com */
  endpoint: string;
  /** AZURE_OPENAI_DEPLOYMENT: the deployment's name, which routes every request. */
  deployment: string;
  /** AZURE_OPENAI_API_VERSION. */
  apiVersion?: string;
  /** AZURE_OPENAI_API_KEY, sent as `api-key`; or… */
  apiKey?: string;
  /** …AZURE_OPENAI_TOKEN, a Microsoft Entra ID access token, sent as a bearer token. */
  token?: string;
  /** AZURE_OPENAI_MODEL: what the deployment runs (gpt-image-1, gpt-image-1-mini, dall-e-3): what it can do follows. */
  model?: string;
  /** The longest one image may take, request to last byte (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/**
 * Azure OpenAI's Images API: OpenAI's request and answer shapes, at
 * {endpoint}/openai/deployments/{deployment}/images/… with an api-version, through the SDK's
 * AzureOpenAI client (which routes by deployment and sends the key as `api-key`). Its content
 * filter refuses with its own codes; everything else is read as OpenAI's.
 */
export function createAzureOpenAIProvider(options: AzureOpenAIProviderOptions): ImageProvider {
  if (Boolean(options.apiKey) === Boolean(options.token)) {
    throw new Error("Set one of AZURE_OPENAI_API_KEY and AZURE_OPENAI_TOKEN (not both) for the azure-openai provider");
  }
  // baseURL rather than endpoint: the SDK would otherwise read OPENAI_BASE_URL, which is OpenAI's.
  const baseUrl = `${options.endpoint.replace(/\/+$/, "")}/openai`;
  const token = options.token;
  const client = new AzureOpenAI({
    baseURL: baseUrl,
    deployment: options.deployment,
    apiVersion: options.apiVersion ?? DEFAULT_AZURE_API_VERSION,
    ...(token ? { azureADTokenProvider: async () => token } : { apiKey: options.apiKey }),
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Edits upload images as multipart: sent as bytes, so a failed upload cannot end the process.
    fetch: bufferedFetch,
  });
  const model = options.model ?? DEFAULT_AZURE_MODEL;
  const classify = (error: unknown) => classifyAzureError(error, options.deployment);
  return {
    id: "azure-openai",
    model: options.deployment,
    label: modelLabel("azure-openai", options.deployment),
    ...imagesApi({
      client,
      // Azure routes by the deployment; its name goes as the model, as Azure's own examples send it.
      model: options.deployment,
      dialect: dialectOf(model),
      baseUrl,
      timeoutMs: options.timeoutMs,
      classify,
    }),
    checkConnection: (signal) =>
      checkAzureConnection(client, {
        host: new URL(baseUrl).host,
        deployment: options.deployment,
        keyVariable: token ? "AZURE_OPENAI_TOKEN" : "AZURE_OPENAI_API_KEY",
        signal,
      }),
  };
}

/** Azure's content filter refusals (its codes, or its inner ResponsibleAIPolicyViolation), then OpenAI's reading. */
export function classifyAzureError(error: unknown, deployment: string): Error {
  if (error instanceof OpenAI.APIError) {
    if (error.status === 400 && isContentFilter(error.error)) {
      return new ProviderRefusalError("The image service declined this request under its content policy");
    }
    if (error.status === 404 && (error as { code?: unknown }).code === "DeploymentNotFound") {
      return new ProviderError(
        `Azure OpenAI has no deployment named ${deployment} (HTTP 404). Check AZURE_OPENAI_DEPLOYMENT.`,
      );
    }
  }
  return classifyOpenAIError(error);
}

const FILTER_CODES = new Set(["content_policy_violation", "contentFilter", "content_filter", "moderation_blocked"]);

function isContentFilter(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const {
    code,
    inner_error: inner,
    innererror,
  } = body as { code?: unknown; inner_error?: unknown; innererror?: unknown };
  if (typeof code === "string" && FILTER_CODES.has(code)) return true;
  // Image errors carry `inner_error`, chat's `innererror`: either may say it.
  return [inner, innererror].some(
    (detail) =>
      detail && typeof detail === "object" && (detail as { code?: unknown }).code === "ResponsibleAIPolicyViolation",
  );
}
