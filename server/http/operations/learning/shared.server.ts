import { trainingPresetValues, type CharacterView } from "#domain/training";
import type { Services } from "../../../services";
import type { Character } from "../../../learning/characters.server";
import { listPictures, type LearningPicture } from "../../../learning/pictures.server";
import { listTrainings, presentTraining } from "../../../learning/training-records.server";
import { trainingPriceOn } from "../../../learning/trainings.server";

export const presentPicture = (picture: LearningPicture) => ({
  id: picture.id,
  url: `/api/files/picture/${picture.id}`,
  width: picture.width,
  height: picture.height,
  sourceImageId: picture.sourceImageId,
});

/** The models on offer that train, with their price by preset. */
export function trainersOf(services: Services) {
  return services.providers.offered
    .filter((provider) => provider.training && provider.capabilities.train)
    .map((provider) => ({
      model: provider.id,
      label: provider.label,
      trainer: provider.capabilities.train!.label,
      prices: Object.fromEntries(
        trainingPresetValues.map((preset) => [preset, trainingPriceOn(services.config, provider.id, preset)]),
      ) as Record<(typeof trainingPresetValues)[number], number>,
    }));
}

export async function presentCharacter(services: Services, character: Character): Promise<CharacterView> {
  const subject = { learns: "character" as const, id: character.id };
  const db = services.database.db;
  const [pictures, trainings] = await Promise.all([
    listPictures(db, subject),
    listTrainings(db, { workspaceId: character.ownerId, subject }),
  ]);
  return {
    id: character.id,
    name: character.name,
    description: character.description,
    pictures: pictures.map(presentPicture),
    trainings: trainings.map(presentTraining),
    createdAt: character.createdAt.toISOString(),
  };
}

export const learningDeps = (services: Services) => ({
  db: services.database.db,
  storage: services.storage,
  providers: services.providers,
  config: services.config,
  queue: services.trainings,
});

export const characterParam = { id: { name: "characterId", description: "The character's id." } };
export const trainingParam = { id: { name: "trainingId", description: "The training's id." } };
