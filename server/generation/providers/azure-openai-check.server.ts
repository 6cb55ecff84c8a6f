import OpenAI, { type AzureOpenAI } from "openai";
import { explainOpenAIError, providerMessage } from "./openai-check.server";
import type { ConnectionProbe } from "./provider";

/**
 * Azure OpenAI's free connection check, in two calls that make no image: the resource's models
 * list proves the endpoint, the api-version and the key; then a generation request without a
 * prompt, which Azure refuses before any work (400) on a deployment that exists and with 404
 * DeploymentNotFound on one that does not, proves the deployment.
 */
export async function checkAzureConnection(
  client: AzureOpenAI,
  options: { host: string; deployment: string; keyVariable: string; signal: AbortSignal },
): Promise<ConnectionProbe> {
  const { host, deployment, signal } = options;
  const explain = (error: unknown) => {
    // Azure answers an unknown path and an api-version it does not know alike: 404 "Resource not found".
    if (error instanceof OpenAI.APIError && error.status === 404) {
      return `${host} has no Azure OpenAI API at this address for this api-version (HTTP 404). Check AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_VERSION.`;
    }
    if (error instanceof OpenAI.APIError && error.status === 400) {
      const said = providerMessage(error);
      return `The service refused the request (HTTP 400). Check AZURE_OPENAI_API_VERSION.${said ? ` The service said: “${said}”` : ""}`;
    }
    return explainOpenAIError(error, host, {
      address: "AZURE_OPENAI_ENDPOINT",
      key: options.keyVariable,
      model: "AZURE_OPENAI_DEPLOYMENT",
    });
  };
  try {
    await client.models.list({ signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(explain(error), { cause: error });
  }
  try {
    await client.post("/images/generations", { body: {}, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof OpenAI.APIError && error.status === 404) {
      return {
        modelAvailable: false,
        message: `Connected to ${host} and the key works, but it has no deployment named ${deployment}. Check AZURE_OPENAI_DEPLOYMENT.`,
      };
    }
    if (!(error instanceof OpenAI.APIError && error.status === 400)) throw new Error(explain(error), { cause: error });
  }
  return {
    modelAvailable: true,
    message: `Connected to ${host}: the key works and the deployment ${deployment} answers.`,
  };
}
