import { downloadObjectsZipOperation } from "./download-objects-zip.server";
import { planSvgSpriteOperation } from "./plan-svg-sprite.server";
import { downloadSvgSpriteOperation } from "./download-svg-sprite.server";
import { downloadSpriteSheetOperation } from "./download-sprite-sheet.server";
import { downloadAppIconsOperation } from "./download-app-icons.server";
import { downloadIconPackageOperation } from "./download-icon-package.server";

/**
 * Downloads of several objects at once (a selection, a set, a style) and one object's app
 * icons. Mounted before GET /api/objects/:id, which would take "export.zip" for an id.
 */
export const objectExportOperations = [
  downloadObjectsZipOperation,
  planSvgSpriteOperation,
  downloadSvgSpriteOperation,
  downloadSpriteSheetOperation,
  downloadAppIconsOperation,
  downloadIconPackageOperation,
];
