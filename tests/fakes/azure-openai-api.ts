// A local stand-in for Azure OpenAI's Images API, speaking its data-plane wire format on one port
// (the provider's endpoint): POST /openai/deployments/{deployment}/images/generations (JSON) and
// /images/edits (multipart: image[] in order, a mask the first image's size with alpha) with an
// api-version query; GET /openai/models for the connection check. "api-key: <key>" or
// "Authorization: Bearer <Entra token>" is checked (401 as Azure answers it); an unknown
// deployment is 404 DeploymentNotFound; a DALL·E 3 deployment refuses gpt-image's parameters,
// n > 1 and edits; gpt-image refuses response_format. Content-filter refusals (400 with
// inner_error ResponsibleAIPolicyViolation), 429 with Retry-After, 500s, stalls, held
// requests and unexpected answers are set through `control` (or POST /__control).
// Run alone: node tests/fakes/azure-openai-api.ts <port>
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { handleRequest } from "./azure-openai-api/routes.ts";
import { createState, resetState } from "./azure-openai-api/state.ts";

export type { AzureRecordedRequest, FakeAzureControl } from "./azure-openai-api/state.ts";

export const FAKE_AZURE_KEY = "azure-fake-key-0123456789";
export const FAKE_AZURE_TOKEN = "eyJ0eXAiOiJKV1QifQ.fake-entra-token";
/** A gpt-image-1 deployment and a DALL·E 3 one. */
export const FAKE_AZURE_DEPLOYMENTS = { "motif-images": "gpt-image-1", "motif-dalle": "dall-e-3" };

export async function startFakeAzureOpenAI(options: { port?: number } = {}) {
  const state = createState({ apiKey: FAKE_AZURE_KEY, token: FAKE_AZURE_TOKEN, deployments: FAKE_AZURE_DEPLOYMENTS });
  const server: Server = createServer((req, res) => {
    handleRequest(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "InternalServerError", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    apiKey: state.apiKey,
    token: state.token,
    control: state.control,
    requests: state.requests,
    modelListings: state.modelListings,
    stalls: state.stalls,
    holds: state.holds,
    connectionFaults: state.connectionFaults,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAzureOpenAI = Awaited<ReturnType<typeof startFakeAzureOpenAI>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeAzureOpenAI({ port: Number(process.argv[2]) });
  console.log(`Fake Azure OpenAI on ${fake.url}`);
}
