// `npm start`: builds the app when the sources changed since the last build, then serves it.
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
process.env.NODE_ENV ??= "production";
await import("../server.mjs");
