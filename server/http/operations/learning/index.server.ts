import {
  createCharacterOperation,
  deleteCharacterOperation,
  editCharacterOperation,
  getCharacterOperation,
  listCharactersOperation,
} from "./characters.server";
import {
  addCharacterPicturesOperation,
  addStylePicturesOperation,
  downloadPictureOperation,
  removeCharacterPictureOperation,
} from "./pictures.server";
import {
  cancelTrainingOperation,
  downloadWeightsOperation,
  getTrainingOperation,
  styleLearningOperation,
  trainCharacterOperation,
  trainStyleOperation,
} from "./trainings.server";

/** Characters, the pictures models learn from, and trainings. */
export const learningOperations = [
  listCharactersOperation,
  createCharacterOperation,
  getCharacterOperation,
  editCharacterOperation,
  deleteCharacterOperation,
  addCharacterPicturesOperation,
  removeCharacterPictureOperation,
  trainCharacterOperation,
  addStylePicturesOperation,
  styleLearningOperation,
  trainStyleOperation,
  getTrainingOperation,
  cancelTrainingOperation,
  downloadWeightsOperation,
  downloadPictureOperation,
];
