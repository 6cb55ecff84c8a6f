// `npm run build`: the production build, stamped so start and worker know it is current.
import { build } from "./ensure-build.mjs";

build();
