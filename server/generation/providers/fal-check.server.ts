import { networkCause } from "./network-cause.server";
import { z } from "zod";
import { falUrl } from "./fal-http.server";
import type { ConnectionProbe } from "./provider";

const pricingSchema = z.object({
  prices: z.array(
    z.object({ endpoint_id: z.string(), unit_price: z.number(), unit: z.string(), currency: z.string() }),
  ),
});

/**
 * fal's free connection check: an authenticated GET of its price list for the endpoints
 * Motif would call, which proves the address and the key and says whether fal offers
 * each endpoint, without making an image.
 */
export async function checkFalConnection(
  options: { key: string; model: string; baseUrl?: string; endpoints: string[] },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const query = new URLSearchParams(options.endpoints.map((id) => ["endpoint_id", id]));
  const url = new URL(falUrl(`https://api.fal.ai/v1/models/pricing?${query}`, options.baseUrl));
  const host = url.host;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Key ${options.key}`, Accept: "application/json" },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = networkCause(error);
    throw new Error(
      `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check FAL_BASE_URL and this server's network.`,
      {
        cause: error,
      },
    );
  }
  if (response.status === 400 || response.status === 422) {
    return {
      modelAvailable: false,
      message: `Connected to ${host} and the key works, but fal does not know ${options.model}. Check FAL_MODEL.`,
    };
  }
  if (!response.ok) throw new Error(explainFalStatus(response.status, host, await saidBy(response)));
  const parsed = pricingSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`${host} did not answer with fal's price list. Check FAL_BASE_URL.`);
  const listed = new Map(parsed.data.prices.map((price) => [price.endpoint_id, price]));
  const missing = options.endpoints.filter((id) => !listed.has(id));
  if (missing.length > 0) {
    return {
      modelAvailable: false,
      message: `Connected to ${host} and the key works, but fal does not offer ${missing.join(", ")}. Check FAL_MODEL.`,
    };
  }
  const price = listed.get(options.model)!;
  return {
    modelAvailable: true,
    message: `Connected to ${host}: the key works and ${options.model} is available (${price.unit_price} ${price.currency} per ${price.unit}).`,
  };
}

function explainFalStatus(status: number, host: string, said: string | undefined): string {
  const suffix = said ? ` The service said: “${said}”` : "";
  if (status === 401) return `The key was refused (HTTP 401). Check FAL_KEY.${suffix}`;
  if (status === 403) return `The key is not allowed to do this (HTTP 403). Check FAL_KEY.${suffix}`;
  if (status === 404) return `${host} has no price list at this address (HTTP 404). Check FAL_BASE_URL.${suffix}`;
  if (status === 429) return `The service is limiting this key's requests (HTTP 429). Try again shortly.${suffix}`;
  if (status >= 500) return `The service had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The service answered HTTP ${status}.${suffix}`;
}

/** fal's own words from an error answer: `detail` as a sentence, or the first of a list. */
async function saidBy(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  const detail = Array.isArray(body?.detail) ? (body.detail[0] as { msg?: unknown } | undefined)?.msg : body?.detail;
  return typeof detail === "string" && detail.trim() ? detail.trim().slice(0, 300) : undefined;
}
