import type { Config } from "../config.server";
import type { DatabaseHandle } from "../db/client.server";
import type { ImageUrlSigner } from "../images/signed-urls.server";
import type { FileStorage } from "../storage/storage.server";
import type { ProviderRegistry } from "./providers/registry.server";
import type { GenerationQueue } from "./queue.server";

/**
 * What the engine and the features above it are handed by the process that runs them: the
 * settings, the database, file storage, the models on offer and the queue. The whole process's
 * services (server/services.server.ts) hold these and more; code below them names only these.
 */
export interface EngineServices {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  /** Providers jobs run with; `providers.default` makes new jobs. */
  providers: ProviderRegistry;
  /** Signs the links to stored images' copies (docs/decisions/045). */
  imageUrls: ImageUrlSigner;
  /** Absent until started; web-only processes enqueue, workers also work. */
  queue?: GenerationQueue;
}
