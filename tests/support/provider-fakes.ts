// Every image provider at once, each against the local fake of its API: the fakes started together,
// the settings that point Motif at each (IMAGE_PROVIDERS naming all of them, the preview engine
// first), and how many images each fake has been asked for, to tell which provider a request reached.
import { startFakeA1111 } from "../fakes/a1111-api";
import { FAKE_AZURE_KEY, startFakeAzureOpenAI } from "../fakes/azure-openai-api";
import { FAKE_BFL_KEY, startFakeBfl } from "../fakes/bfl-api";
import { startFakeComfyUI } from "../fakes/comfyui";
import { FAKE_FAL_KEY, startFakeFal } from "../fakes/fal-api";
import { startFakeGemini } from "../fakes/gemini-api";
import { startFakeOpenAICompatible } from "../fakes/openai-compatible-api";
import { FAKE_REPLICATE_TOKEN, startFakeReplicate } from "../fakes/replicate-api";
import { FAKE_RECRAFT_KEY, startFakeRecraft } from "../fakes/recraft-api";
import { FAKE_STABILITY_KEY, startFakeStability } from "../fakes/stability-api";

interface StartedFake {
  url: string;
  close(): Promise<void>;
}

/** One provider's fake: how to start it, the settings for it, and the image requests it has had. */
interface ProviderFake<F extends StartedFake> {
  start(): Promise<F>;
  env(fake: F): Record<string, string>;
  asked(fake: F): number;
}

const fake = <F extends StartedFake>(spec: ProviderFake<F>) => spec as unknown as ProviderFake<StartedFake>;

/**
 * Each provider plugin's fake, by provider id, in IMAGE_PROVIDERS' order. `openai` is an
 * OpenAI-compatible local server (LocalAI), which draws from words only.
 */
export const providerFakes: Record<string, ProviderFake<StartedFake> | null> = {
  offline: null,
  openai: fake({
    start: () => startFakeOpenAICompatible(),
    env: (f) => ({ OPENAI_COMPATIBLE: "true", OPENAI_BASE_URL: `${f.url}/v1`, OPENAI_IMAGE_MODEL: "stablediffusion" }),
    asked: (f) => f.requests.length,
  }),
  "azure-openai": fake({
    start: () => startFakeAzureOpenAI(),
    env: (f) => ({
      AZURE_OPENAI_ENDPOINT: f.url,
      AZURE_OPENAI_DEPLOYMENT: "motif-images",
      AZURE_OPENAI_API_KEY: FAKE_AZURE_KEY,
    }),
    asked: (f) => f.requests.length,
  }),
  gemini: fake({
    start: () => startFakeGemini(),
    env: (f) => ({ GEMINI_API_KEY: "AIza-fake-gemini-key", GEMINI_BASE_URL: f.url }),
    asked: (f) => f.requests.length,
  }),
  fal: fake({
    start: () => startFakeFal(),
    env: (f) => ({ FAL_KEY: FAKE_FAL_KEY, FAL_BASE_URL: f.url }),
    asked: (f) => f.submissions.length,
  }),
  replicate: fake({
    start: () => startFakeReplicate(),
    env: (f) => ({ REPLICATE_API_TOKEN: FAKE_REPLICATE_TOKEN, REPLICATE_BASE_URL: f.url }),
    asked: (f) => f.predictions.length,
  }),
  bfl: fake({
    start: () => startFakeBfl(),
    env: (f) => ({ BFL_API_KEY: FAKE_BFL_KEY, BFL_BASE_URL: f.url }),
    asked: (f) => f.tasks.length,
  }),
  stability: fake({
    start: () => startFakeStability(),
    env: (f) => ({ STABILITY_API_KEY: FAKE_STABILITY_KEY, STABILITY_BASE_URL: f.url }),
    asked: (f) => f.requests.length,
  }),
  recraft: fake({
    start: () => startFakeRecraft(),
    env: (f) => ({ RECRAFT_API_KEY: FAKE_RECRAFT_KEY, RECRAFT_BASE_URL: f.url }),
    asked: (f) => f.callsTo("/v1/images/generations").length,
  }),
  comfyui: fake({
    start: () => startFakeComfyUI(),
    env: (f) => ({ COMFYUI_URL: f.url }),
    asked: (f) => f.prompts.length,
  }),
  a1111: fake({
    start: () => startFakeA1111(),
    env: (f) => ({ A1111_URL: f.url }),
    asked: (f) => f.runs.length,
  }),
};

/** The fakes, started: the settings for all of them at once, and the image requests each has had. */
export async function startProviderFakes() {
  const entries = Object.entries(providerFakes);
  const started = await Promise.all(entries.map(([, spec]) => spec?.start() ?? null));
  const ids = entries.map(([id]) => id);
  return {
    ids,
    env: Object.assign(
      { IMAGE_PROVIDERS: ids.join(",") },
      ...entries.map(([, spec], i) => (spec ? spec.env(started[i]!) : {})),
    ) as Record<string, string>,
    /** How many images each provider's fake has been asked for so far (none for the preview engine). */
    asked: () => Object.fromEntries(entries.map(([id, spec], i) => [id, spec ? spec.asked(started[i]!) : 0])),
    close: () => Promise.all(started.map((f) => f?.close())),
  };
}

export type ProviderFakes = Awaited<ReturnType<typeof startProviderFakes>>;
