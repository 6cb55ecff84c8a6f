import { accountOperations } from "./account.server";
import { adminOperations } from "./admin.server";
import { apiKeyOperations } from "./api-keys.server";
import { creditOperations } from "./credits.server";
import { eventOperations } from "./events.server";
import { fileOperations } from "./files.server";
import { jobOperations } from "./jobs.server";
import { objectDrawingOperations } from "./object-drawings.server";
import { objectExportOperations } from "./object-exports.server";
import { objectOperations } from "./objects.server";
import type { Operation } from "./operation.server";
import { referenceOperations } from "./reference.server";
import { setupOperations } from "./setup.server";
import { signInOperations } from "./sign-in.server";
import { styleOperations } from "./styles.server";
import { teamOperations } from "./teams.server";

/**
 * Every operation of the API, in the order the router tries them (a fixed path before a
 * parameter that would match it). The router and the OpenAPI document are both made from
 * this list: an operation added here is served and documented, and nowhere else.
 */
const declared = [
  ...styleOperations,
  ...objectExportOperations,
  ...objectOperations,
  ...objectDrawingOperations,
  ...jobOperations,
  ...accountOperations,
  ...creditOperations,
  ...apiKeyOperations,
  ...eventOperations,
  ...fileOperations,
  ...signInOperations,
  ...setupOperations,
  ...adminOperations,
  ...teamOperations,
  ...referenceOperations,
];

/** Each operation with its method, path, body and replies as declared: what the browser's client is typed by. */
export type DeclaredOperation = (typeof declared)[number];

export const apiOperations: readonly Operation[] = declared;
