import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Every route is known from the first load (one cached file, docs/decisions/141): the page is
  // not rendered again as route discovery's answers arrive.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
