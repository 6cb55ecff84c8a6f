import { networkCause } from "./network-cause.server";
import { recraftDetail, recraftUrl } from "./recraft-http.server";
import type { ConnectionProbe } from "./provider";

/**
 * Recraft's free connection check: GET /users/me proves the address and the token, and says the
 * API units left. Every model is offered to every token, so availability is left unknown.
 */
export async function checkRecraftConnection(
  options: { apiKey: string; baseUrl?: string; model: string },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const host = new URL(recraftUrl("/", options.baseUrl)).host;
  let response: Response;
  try {
    response = await fetch(recraftUrl("/users/me", options.baseUrl), {
      headers: { Authorization: `Bearer ${options.apiKey}`, Accept: "application/json" },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = networkCause(error);
    throw new Error(
      `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check RECRAFT_BASE_URL and this server's network.`,
      { cause: error },
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) throw new Error(explainStatus(response.status, host, recraftDetail(body).detail));
  if (!body || typeof body.id !== "string") {
    throw new Error(`${host} did not answer as Recraft's API. Check RECRAFT_BASE_URL.`);
  }
  const who = typeof body.email === "string" ? ` as ${body.email}` : "";
  const left = typeof body.credits === "number" ? ` (${body.credits} API units left)` : "";
  return {
    modelAvailable: null,
    message: `Connected to ${host}${who}: the key works${left}; ${options.model} is offered to every key.`,
  };
}

function explainStatus(status: number, host: string, said: string): string {
  const suffix = said ? ` The service said: “${said}”` : "";
  if (status === 401) return `The key was refused (HTTP 401). Check RECRAFT_API_KEY.${suffix}`;
  if (status === 403) return `The key is not allowed to do this (HTTP 403). Check RECRAFT_API_KEY.${suffix}`;
  if (status === 404) return `${host} has no Recraft API at this address (HTTP 404). Check RECRAFT_BASE_URL.${suffix}`;
  if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
  if (status >= 500) return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The service answered HTTP ${status}.${suffix}`;
}
