// The signed-in API on an instance offering the preview engine (the default, which cannot edit)
// and OpenAI, whose real client runs against a local fake of its Images API, reset before each test.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { startFakeOpenAI } from "../fakes/openai-images";
import type { TestDatabase } from "./databases";
import { setUpSignedInApi } from "./signed-in-api";

export function setUpOpenAIApi(target: TestDatabase, email: string) {
  const openai = {
    fake: undefined as unknown as Awaited<ReturnType<typeof startFakeOpenAI>>,
    provider: () =>
      createOpenAIProvider({
        apiKey: "sk-test",
        baseUrl: `${openai.fake.url}/v1`,
        model: "gpt-image-1.5",
        timeoutMs: 2_000,
      }),
    /** Sets the fake's behaviour (FakeOpenAIControl). */
    control: (settings: Record<string, unknown>) =>
      fetch(`${openai.fake.url}/__control`, { method: "POST", body: JSON.stringify(settings) }),
  };
  beforeAll(async () => {
    openai.fake = await startFakeOpenAI();
  });
  afterAll(() => openai.fake?.close());
  const api = setUpSignedInApi(target, email, {
    providers: () => providerRegistry([createOfflineProvider(), openai.provider()]),
  });
  beforeEach(async () => {
    await fetch(`${openai.fake.url}/__control`, { method: "DELETE" });
  });
  return { api, openai };
}
