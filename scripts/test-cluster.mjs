// `npm run test:cluster`: the end-to-end flows against the scale-out topology: PostgreSQL
// (TEST_DATABASE_URL, or the local server), two web processes behind a load balancer, two
// workers, S3-compatible storage and SMTP capture. Builds first when the sources changed.
import { spawnSync } from "node:child_process";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
const result = spawnSync(
  "npx",
  ["playwright", "test", "--config", "playwright.cluster.config.ts", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: "1" },
  },
);
process.exit(result.status ?? 1);
