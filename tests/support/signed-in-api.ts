import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import type { TestDatabase } from "./databases";
import { grantCredits, useListableStorage } from "./factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "./test-server";

export interface SignedInApi {
  database: DatabaseHandle;
  server: ApiTestServer;
  /** The server's storage, on a temporary folder the tests can list. */
  files: ReturnType<typeof useListableStorage>;
  /** The signed-in user, with 1,000 credits. */
  user: { cookie: string; userId: string };
}

/**
 * Registers the suite's `beforeAll`/`afterAll`: a fresh database on `target`, the API
 * on disk storage, and `email` signed in with 1,000 credits; all closed and removed
 * afterwards. The fields are filled in by `beforeAll`, so read them inside tests.
 */
export function setUpSignedInApi(
  target: TestDatabase,
  email: string,
  overrides: Parameters<typeof startApiServer>[2] = {},
  /** Extra settings; a function when they are only known once earlier hooks have run. */
  env: Record<string, string> | (() => Record<string, string>) = {},
): SignedInApi {
  const api = {} as SignedInApi;
  beforeAll(async () => {
    api.database = await target.open();
    const settings = typeof env === "function" ? env() : env;
    api.server = await startApiServer(api.database, { SIGNIN_LIMIT_PER_IP: "1000", ...settings }, overrides);
    api.files = useListableStorage(api.server);
    api.user = await signInThroughApi(api.server, email);
    await grantCredits(api.database.db, api.user.userId, 1000);
  });
  afterAll(async () => {
    await api.server?.close();
    await api.database?.close();
    api.files?.remove();
  });
  return api;
}

/**
 * `setUpSignedInApi` on an instance offering the preview engine (the default, which can neither
 * edit nor AI-upscale) and one model, `provider`: what the image-work tests run against.
 */
export function setUpSignedInApiWithModel(
  target: TestDatabase,
  email: string,
  provider: () => ImageProvider,
  env: Record<string, string> = {},
): SignedInApi {
  return setUpSignedInApi(
    target,
    email,
    { providers: () => providerRegistry([createOfflineProvider(), provider()]) },
    env,
  );
}
