import { listModelsOperation } from "./list-models.server";

/** The image models on offer: what each costs and can do. */
export const modelOperations = [listModelsOperation];
