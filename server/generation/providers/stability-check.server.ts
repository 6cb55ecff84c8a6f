import { networkCause } from "./network-cause.server";
import { stabilityDetail, stabilityUrl } from "./stability-http.server";
import type { ConnectionProbe } from "./provider";

/**
 * Stability's free connection check: the account endpoint proves the address and the key, the
 * balance says what is left to spend. Core and Ultra are offered to every key, so there is no
 * model to look up: availability is left unknown rather than guessed.
 */
export async function checkStabilityConnection(
  options: { apiKey: string; baseUrl?: string; modelName: string },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const host = new URL(stabilityUrl("/", options.baseUrl)).host;
  const get = async (path: string) => {
    let response: Response;
    try {
      response = await fetch(stabilityUrl(path, options.baseUrl), {
        headers: { Authorization: `Bearer ${options.apiKey}`, Accept: "application/json" },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = networkCause(error);
      throw new Error(
        `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check STABILITY_BASE_URL and this server's network.`,
        { cause: error },
      );
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) throw new Error(explainStatus(response.status, host, stabilityDetail(body).detail));
    return body ?? {};
  };

  const account = await get("/v1/user/account");
  if (typeof account.id !== "string") {
    throw new Error(`${host} did not answer as Stability's API. Check STABILITY_BASE_URL.`);
  }
  const { credits } = await get("/v1/user/balance");
  const who = typeof account.email === "string" ? ` as ${account.email}` : "";
  const left = typeof credits === "number" ? ` (${Math.floor(credits * 100) / 100} credits left)` : "";
  return {
    modelAvailable: null,
    message: `Connected to ${host}${who}: the key works${left}; ${options.modelName} is offered to every key.`,
  };
}

function explainStatus(status: number, host: string, said: string): string {
  const suffix = said ? ` The service said: “${said}”` : "";
  if (status === 401) return `The key was refused (HTTP 401). Check STABILITY_API_KEY.${suffix}`;
  if (status === 403) return `The key is not allowed to do this (HTTP 403). Check STABILITY_API_KEY.${suffix}`;
  if (status === 404)
    return `${host} has no Stability API at this address (HTTP 404). Check STABILITY_BASE_URL.${suffix}`;
  if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
  if (status >= 500) return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The service answered HTTP ${status}.${suffix}`;
}
