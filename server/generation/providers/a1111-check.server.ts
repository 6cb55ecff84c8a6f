import { a1111Detail, a1111Headers, a1111Url, type A1111Connection } from "./a1111-http.server";
import { networkCause } from "./network-cause.server";
import type { ConnectionProbe } from "./provider";

/** One checkpoint as /sdapi/v1/sd-models lists it. */
interface Checkpoint {
  title?: unknown;
  model_name?: unknown;
  filename?: unknown;
}

/** Whether `checkpoint` is the one A1111_MODEL names: by title ("name.safetensors [hash]"), file or name. */
export function isCheckpoint(checkpoint: Checkpoint, wanted: string): boolean {
  const names = [checkpoint.title, checkpoint.model_name, checkpoint.filename]
    .filter((name): name is string => typeof name === "string")
    .flatMap((name) => [name, name.split(/[\\/]/).pop()!, name.replace(/\s*\[[0-9a-f]+\]$/i, "")]);
  return names.includes(wanted);
}

/**
 * The WebUI's free connection check: its checkpoint list proves the address, --api and the
 * sign-in; then whether A1111_MODEL is among them, or, with none set, which one it has loaded.
 */
export async function checkA1111Connection(
  connection: A1111Connection & { model?: string },
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  const host = new URL(connection.baseUrl).host;
  const get = async (path: string) => {
    let response: Response;
    try {
      response = await fetch(a1111Url(path, connection.baseUrl), { headers: a1111Headers(connection), signal });
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = networkCause(error);
      throw new Error(
        `Could not reach ${host}${reason ? ` (${reason})` : ""}. Check A1111_URL and that the WebUI is running.`,
        { cause: error },
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(explainStatus(response.status, host, a1111Detail(body)));
    return body;
  };

  const models = await get("/sdapi/v1/sd-models");
  if (!Array.isArray(models))
    throw new Error(`${host} did not answer as the WebUI's API. Check A1111_URL and that the WebUI runs with --api.`);
  const count = `${models.length} checkpoint${models.length === 1 ? "" : "s"}`;
  if (connection.model) {
    const found = (models as Checkpoint[]).some((checkpoint) => isCheckpoint(checkpoint, connection.model!));
    return found
      ? { modelAvailable: true, message: `Connected to ${host}: the WebUI answers and has ${connection.model}.` }
      : {
          modelAvailable: false,
          message: `Connected to ${host}, but none of the WebUI's ${count} is ${connection.model}. Check A1111_MODEL.`,
        };
  }
  const options = (await get("/sdapi/v1/options")) as { sd_model_checkpoint?: unknown } | undefined;
  const loaded = typeof options?.sd_model_checkpoint === "string" ? options.sd_model_checkpoint : "";
  return loaded
    ? { modelAvailable: true, message: `Connected to ${host}: the WebUI answers and draws with ${loaded}.` }
    : {
        modelAvailable: models.length > 0,
        message: `Connected to ${host}: the WebUI answers and has ${count}.`,
      };
}

function explainStatus(status: number, host: string, said: string): string {
  const suffix = said ? ` The WebUI said: “${said}”` : "";
  if (status === 401 || status === 403)
    return `The WebUI refused the sign-in (HTTP ${status}). Check A1111_AUTH (user:password, as in its --api-auth).${suffix}`;
  if (status === 404)
    return `${host} has no WebUI API at this address (HTTP 404). Check A1111_URL and that the WebUI runs with --api.${suffix}`;
  if (status >= 500) return `The WebUI had an error (HTTP ${status}). Try again shortly.${suffix}`;
  return `The WebUI answered HTTP ${status}.${suffix}`;
}
