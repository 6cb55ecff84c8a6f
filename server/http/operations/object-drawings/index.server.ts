import { listDrawingsOperation } from "./list-drawings.server";
import { chooseDrawingOperation } from "./choose-drawing.server";

/** "Choose another drawing": the library drawings the preview engine offers for an object, and the choice. */
export const objectDrawingOperations = [listDrawingsOperation, chooseDrawingOperation];
