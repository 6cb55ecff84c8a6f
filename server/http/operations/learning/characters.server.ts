import * as replies from "#domain/api-replies";
import { characterReply, charactersReply } from "#domain/training";
import { createCharacterSchema, editCharacterSchema } from "#domain/requests/training";
import {
  createCharacter,
  deleteCharacter,
  editCharacter,
  getCharacter,
  listCharacters,
} from "../../../learning/characters.server";
import { defineOperation } from "../operation.server";
import { characterParam, presentCharacter, trainersOf } from "./shared.server";

export const listCharactersOperation = defineOperation({
  method: "get",
  path: "/api/characters",
  tag: "Characters",
  summary: "List characters",
  description:
    "The workspace's characters, newest first, with their pictures and trainings, and the models that can train.",
  access: "user",
  responses: { 200: { description: "The characters.", json: charactersReply } },
  tool: {
    name: "list_characters",
    title: "List characters",
    description: "The workspace's characters (named subjects drawn in any style), with their pictures and trainings.",
    readOnly: true,
    summarize: (body) => `${body.characters.length} ${body.characters.length === 1 ? "character" : "characters"}.`,
  },
  async handle({ services, user }) {
    const rows = await listCharacters(services.database.db, user.workspace.id);
    const characters = await Promise.all(rows.map((row) => presentCharacter(services, row)));
    return { status: 200, body: { characters, trainers: trainersOf(services) } };
  },
});

export const createCharacterOperation = defineOperation({
  method: "post",
  path: "/api/characters",
  tag: "Characters",
  summary: "Create a character",
  description:
    "A named subject with its own reference pictures (copies of library images given by id; uploads through POST /api/characters/{id}/pictures), drawn in any style by passing its id as `characterId` to POST /api/objects. Free.",
  access: "user",
  json: createCharacterSchema,
  responses: { 201: { description: "The character.", json: characterReply } },
  tool: {
    name: "create_character",
    title: "Create a character",
    description:
      "Makes a character from a name, words and library images (an object's images, by id); then pass its id as characterId to generate_objects to draw it in any style.",
    summarize: (body) =>
      `Made the character “${body.character.name}” (${body.character.id}) with ${body.character.pictures.length} pictures.`,
  },
  async handle({ services, user, body }) {
    const character = await createCharacter(
      { db: services.database.db, storage: services.storage },
      { actor: user.actor, name: body.name, description: body.description ?? "", imageIds: body.imageIds ?? [] },
    );
    return { status: 201, body: { character: await presentCharacter(services, character) } };
  },
});

export const getCharacterOperation = defineOperation({
  method: "get",
  path: "/api/characters/:id",
  tag: "Characters",
  summary: "Get a character",
  access: "user",
  responses: { 200: { description: "The character.", json: characterReply } },
  async handle({ services, user, params }) {
    const character = await getCharacter(services.database.db, {
      workspaceId: user.workspace.id,
      characterId: params.id,
    });
    return { status: 200, body: { character: await presentCharacter(services, character) } };
  },
});

export const editCharacterOperation = defineOperation({
  method: "patch",
  path: "/api/characters/:id",
  tag: "Characters",
  summary: "Rename or describe a character",
  access: "user",
  json: editCharacterSchema,
  responses: { 200: { description: "The character.", json: characterReply } },
  async handle({ services, user, params, body }) {
    const character = await editCharacter(services.database.db, {
      workspaceId: user.workspace.id,
      characterId: params.id,
      ...body,
    });
    return { status: 200, body: { character: await presentCharacter(services, character) } };
  },
});

export const deleteCharacterOperation = defineOperation({
  method: "delete",
  path: "/api/characters/:id",
  tag: "Characters",
  summary: "Delete a character",
  description:
    "Deletes the character, its pictures and its kept weights. Its unfinished trainings are stopped at the provider and refunded by the rule.",
  access: "user",
  responses: { 200: { description: "Deleted.", json: replies.successReply } },
  tool: {
    name: "delete_character",
    title: "Delete a character",
    description:
      "Deletes a character with its pictures and kept weights; its unfinished trainings are stopped and refunded by the rule.",
    params: characterParam,
    summarize: () => "Deleted the character.",
  },
  async handle({ services, user, params }) {
    await deleteCharacter(
      { db: services.database.db, storage: services.storage, providers: services.providers },
      { workspaceId: user.workspace.id, characterId: params.id },
    );
    return { status: 200, body: { success: true } };
  },
});
