// Loaded with `--import` by a test: appends the URL of every module the process loads to the
// file LOADED_MODULES_FILE names.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.LOADED_MODULES_FILE;
if (file)
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
