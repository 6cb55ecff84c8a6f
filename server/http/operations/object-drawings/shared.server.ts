import { argumentWords } from "../tool-inputs";

/** How the object's tools name the path's `id`. */
export const objectParam = { id: { name: "objectId", description: argumentWords.objectId } };
