import { openapiDocumentOperation } from "./openapi-document.server";
import { referencePageOperation } from "./reference-page.server";

/** The document (anyone may read it, and keep it a few minutes) and its interactive reference page. */
export const referenceOperations = [openapiDocumentOperation, referencePageOperation];
