import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Azure OpenAI's Images API: a gpt-image-1 (or DALL·E 3) deployment on an Azure resource. */
export const azureOpenaiPlugin = defineProviderPlugin({
  id: "azure-openai",
  service: "Azure OpenAI",
  env: {
    // https://<resource>.openai.azure.com
    AZURE_OPENAI_ENDPOINT: providerUrl,
    // The deployment's name: every request is routed by it.
    AZURE_OPENAI_DEPLOYMENT: optionalText,
    AZURE_OPENAI_API_VERSION: z.string().min(1).default("2025-04-01-preview"),
    // One of the two: the resource's key (sent as api-key), or a Microsoft Entra ID access token.
    AZURE_OPENAI_API_KEY: optionalText,
    AZURE_OPENAI_TOKEN: optionalText,
    // What the deployment runs, which decides what it can do: gpt-image-1, gpt-image-1-mini, dall-e-3.
    AZURE_OPENAI_MODEL: z.string().min(1).default("gpt-image-1"),
    AZURE_OPENAI_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    endpoint: env.AZURE_OPENAI_ENDPOINT,
    deployment: env.AZURE_OPENAI_DEPLOYMENT,
    apiVersion: env.AZURE_OPENAI_API_VERSION,
    apiKey: env.AZURE_OPENAI_API_KEY,
    token: env.AZURE_OPENAI_TOKEN,
    model: env.AZURE_OPENAI_MODEL,
    price: env.AZURE_OPENAI_PRICE,
  }),
  required: { variable: "AZURE_OPENAI_ENDPOINT", isSet: (settings) => Boolean(settings.endpoint) },
  address: (settings) => ({
    url: settings.endpoint,
    host: "<resource>.openai.azure.com",
    variable: "AZURE_OPENAI_ENDPOINT",
  }),
  model: (settings) => settings.deployment ?? settings.model,
  secret: (settings) => settings.apiKey ?? settings.token,
  build: async (settings, { timeoutMs }) => {
    // The configuration names one required variable; the others are said here, at start.
    if (!settings.deployment) {
      throw new Error("AZURE_OPENAI_DEPLOYMENT: is required when the azure-openai provider is enabled");
    }
    if (Boolean(settings.apiKey) === Boolean(settings.token)) {
      throw new Error(
        "AZURE_OPENAI_API_KEY or AZURE_OPENAI_TOKEN: exactly one is required when the azure-openai provider is enabled",
      );
    }
    return (await import("../azure-openai.server")).createAzureOpenAIProvider({
      endpoint: settings.endpoint!,
      deployment: settings.deployment,
      apiVersion: settings.apiVersion,
      apiKey: settings.apiKey,
      token: settings.token,
      model: settings.model,
      timeoutMs,
    });
  },
});
