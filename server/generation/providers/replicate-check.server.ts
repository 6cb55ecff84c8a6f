import { networkCause } from "./network-cause.server";
import { replicateDetail, replicateUrl } from "./replicate-http.server";
import type { ModelRef } from "./replicate-predictions.server";
import type { ConnectionProbe } from "./provider";

/**
 * Replicate's free connection check: its account endpoint proves the address and the token,
 * then the model's own page (or its version's) says whether Replicate offers it, without
 * running anything.
 */
export async function checkReplicateConnection(
  options: { token: string; baseUrl?: string; model: string; ref: ModelRef },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const host = new URL(replicateUrl("/", options.baseUrl)).host;
  const get = async (path: string) => {
    try {
      return await fetch(replicateUrl(path, options.baseUrl), {
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = networkCause(error);
      throw new Error(
        `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check REPLICATE_BASE_URL and this server's network.`,
        { cause: error },
      );
    }
  };

  const account = await get("/v1/account");
  if (!account.ok) throw new Error(explainStatus(account.status, host, await saidBy(account)));
  const { username } = ((await account.json().catch(() => null)) ?? {}) as { username?: unknown };
  if (typeof username !== "string")
    throw new Error(`${host} did not answer as Replicate's API. Check REPLICATE_BASE_URL.`);

  const { ref } = options;
  const model = await get(
    ref.kind === "version"
      ? `/v1/models/${ref.owner}/${ref.name}/versions/${ref.version}`
      : `/v1/models/${ref.owner}/${ref.name}`,
  );
  if (model.status === 404 || model.status === 422) {
    await model.body?.cancel().catch(() => {});
    return {
      modelAvailable: false,
      message: `Connected to ${host} as ${username}, but Replicate has no ${options.model}. Check REPLICATE_MODEL.`,
    };
  }
  if (!model.ok) throw new Error(explainStatus(model.status, host, await saidBy(model)));
  await model.body?.cancel().catch(() => {});
  return {
    modelAvailable: true,
    message: `Connected to ${host} as ${username}: the token works and ${options.model} is available.`,
  };
}

function explainStatus(status: number, host: string, said: string): string {
  const suffix = said ? ` The service said: “${said}”` : "";
  if (status === 401) return `The token was refused (HTTP 401). Check REPLICATE_API_TOKEN.${suffix}`;
  if (status === 403) return `The token is not allowed to do this (HTTP 403). Check REPLICATE_API_TOKEN.${suffix}`;
  if (status === 404)
    return `${host} has no Replicate API at this address (HTTP 404). Check REPLICATE_BASE_URL.${suffix}`;
  if (status === 429) return `The service is limiting this token's requests (HTTP 429). Try again shortly.${suffix}`;
  if (status >= 500) return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The service answered HTTP ${status}.${suffix}`;
}

async function saidBy(response: Response): Promise<string> {
  return replicateDetail(await response.json().catch(() => null));
}
