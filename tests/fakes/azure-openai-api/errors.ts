// Azure OpenAI's error bodies, as its data-plane reference and its services answer them:
// { error: { code, message, param?, type?, inner_error? } }.
import type { ServerResponse } from "node:http";
import type { AzureFailure } from "./state.ts";

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json", "apim-request-id": `fake-${Date.now()}`, ...headers });
  res.end(JSON.stringify(body));
}

export const azureError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

export const ACCESS_DENIED = azureError(
  "401",
  "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
);
export const NOT_FOUND = azureError("404", "Resource not found");
export const DEPLOYMENT_NOT_FOUND = azureError(
  "DeploymentNotFound",
  "The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.",
);

export const invalidRequest = (message: string, param: string | null = null) => ({
  error: { code: "invalid_request_error", message, param, type: "invalid_request_error" },
});

/** A failure of an image request: its status, body and headers. */
export function failure(kind: AzureFailure, model: string): [number, unknown, Record<string, string>] {
  if (kind === "content_filter") {
    // gpt-image's refusals carry OpenAI's code; DALL·E's Azure's own; both the inner RAI code.
    const code = model.startsWith("dall-e") ? "contentFilter" : "content_policy_violation";
    return [
      400,
      azureError(
        code,
        "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
        {
          param: "prompt",
          type: "invalid_request_error",
          inner_error: {
            code: "ResponsibleAIPolicyViolation",
            content_filter_results: {
              hate: { filtered: false, severity: "safe" },
              self_harm: { filtered: false, severity: "safe" },
              sexual: { filtered: false, severity: "safe" },
              violence: { filtered: true, severity: "high" },
            },
          },
        },
      ),
      {},
    ];
  }
  if (kind === "rate_limit") {
    return [
      429,
      azureError(
        "429",
        "Requests to the Images_Generations Operation under Azure OpenAI API version 2025-04-01-preview have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after 7 seconds.",
      ),
      { "Retry-After": "7", "retry-after-ms": "7000" },
    ];
  }
  return [500, azureError("InternalServerError", "The server had an error while processing your request."), {}];
}
