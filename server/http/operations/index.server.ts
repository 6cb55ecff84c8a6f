import { accountOperations } from "./account/index.server";
import { adminOperations } from "./admin/index.server";
import { apiKeyOperations } from "./api-keys/index.server";
import { creditOperations } from "./credits/index.server";
import { eventOperations } from "./events/index.server";
import { fileOperations } from "./files/index.server";
import { jobOperations } from "./jobs/index.server";
import { learningOperations } from "./learning/index.server";
import { modelOperations } from "./models/index.server";
import { objectDrawingOperations } from "./object-drawings/index.server";
import { objectExportOperations } from "./object-exports/index.server";
import { objectOperations } from "./objects/index.server";
import type { Operation } from "./operation.server";
import { referenceOperations } from "./reference/index.server";
import { setupOperations } from "./setup/index.server";
import { signInOperations } from "./sign-in/index.server";
import { styleOperations } from "./styles/index.server";
import { teamOperations } from "./teams/index.server";

/**
 * Every operation of the API, in the order the router tries them (a fixed path before a
 * parameter that would match it). The router and the OpenAPI document are both made from
 * this list: an operation added here is served and documented, and nowhere else.
 */
const declared = [
  ...modelOperations,
  ...styleOperations,
  ...learningOperations,
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
