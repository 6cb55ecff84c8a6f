import { listStylesOperation } from "./list-styles.server";
import { getStyleOperation } from "./get-style.server";
import { createStyleOperation } from "./create-style.server";
import { editStyleOperation } from "./edit-style.server";
import { deleteStyleOperation } from "./delete-style.server";
import { addReferenceImagesOperation } from "./add-reference-images.server";
import { removeReferenceImageOperation } from "./remove-reference-image.server";
import { makeMissingSamplesOperation } from "./make-missing-samples.server";
import { remakeSamplesOperation } from "./remake-samples.server";
import { keepSamplesAfterEditOperation } from "./keep-samples-after-edit.server";
import { cancelSampleJobOperation } from "./cancel-sample-job.server";

/** Styles: list, create (with reference uploads), edit, delete, and their sample jobs. */
export const styleOperations = [
  listStylesOperation,
  getStyleOperation,
  createStyleOperation,
  editStyleOperation,
  deleteStyleOperation,
  addReferenceImagesOperation,
  removeReferenceImageOperation,
  makeMissingSamplesOperation,
  remakeSamplesOperation,
  keepSamplesAfterEditOperation,
  cancelSampleJobOperation,
];
