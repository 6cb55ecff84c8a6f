import { bflDetail, bflRoot } from "./bfl-http.server";
import { networkCause } from "./network-cause.server";
import type { ConnectionProbe } from "./provider";

/**
 * BFL's free connection check: GET /v1/credits proves the address and the key and tells the
 * account's balance, without making an image. BFL has no free way to ask whether it offers a
 * model, so the model is left unchecked (modelAvailable null).
 */
export async function checkBflConnection(
  options: { key: string; baseUrl?: string; model: string },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const root = bflRoot(options.baseUrl);
  const host = new URL(root).host;
  let response: Response;
  try {
    response = await fetch(`${root}/v1/credits`, {
      headers: { "x-key": options.key, Accept: "application/json" },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = networkCause(error);
    throw new Error(
      `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check BFL_BASE_URL and this server's network.`,
      { cause: error },
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(explainStatus(response.status, host, bflDetail(body)));
  const credits = (body as { credits?: unknown } | null)?.credits;
  if (typeof credits !== "number") throw new Error(`${host} did not answer as BFL's API. Check BFL_BASE_URL.`);
  const balance = `${Math.round(credits * 100) / 100} credits`;
  return {
    modelAvailable: null,
    message:
      credits > 0
        ? `Connected to ${host}: the key works and the account has ${balance} (${options.model} is not checked).`
        : `Connected to ${host}: the key works, but the account has ${balance}: add credits at https://dashboard.bfl.ai before generating.`,
  };
}

function explainStatus(status: number, host: string, said: string): string {
  const suffix = said ? ` The service said: “${said}”` : "";
  if (status === 401 || status === 403) return `The key was refused (HTTP ${status}). Check BFL_API_KEY.${suffix}`;
  if (status === 404) return `${host} has no BFL API at this address (HTTP 404). Check BFL_BASE_URL.${suffix}`;
  if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
  if (status >= 500) return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The service answered HTTP ${status}.${suffix}`;
}
