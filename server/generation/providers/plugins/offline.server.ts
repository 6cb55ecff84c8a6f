import { priceSetting } from "../../../config/env-values.server";
import { createOfflineProvider, PREVIEW_MODEL } from "../offline.server";
import { defineProviderPlugin } from "../plugin.server";

/** The preview engine: on every install, without keys, drawing locally. */
export const offlinePlugin = defineProviderPlugin({
  id: "offline",
  service: "Preview engine",
  preview: true,
  env: {
    // What the preview engine charges: free, standard, or a fraction of the standard price.
    PREVIEW_PRICE: priceSetting("free", 1),
  },
  settings: (env) => ({ price: env.PREVIEW_PRICE }),
  model: () => PREVIEW_MODEL,
  build: async () => createOfflineProvider(),
});
