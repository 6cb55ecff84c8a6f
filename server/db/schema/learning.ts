import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { trainingPresetValues, trainingStatuses } from "../../../domain/training";
import { authUsers } from "./accounts";
import { images } from "./objects";
import { styles } from "./styles";
import { workspaces } from "./workspaces";

/** Characters, the pictures styles and characters are trained on, and their trainings. */

/** A named subject with its own reference pictures, drawn in any of the workspace's styles. */
export const characters = pgTable(
  "characters",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Words about it that every prompt with it carries ("a knight in dented silver armour"). */
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("characters_owner_idx").on(t.ownerId, t.createdAt)],
);

/**
 * A picture kept to teach a model: a character's references (its identity, sent first with every
 * image of it), and pictures uploaded to train a style beyond its five references.
 */
export const learningPictures = pgTable(
  "learning_pictures",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    styleId: text("style_id").references(() => styles.id, { onDelete: "cascade" }),
    characterId: text("character_id").references(() => characters.id, { onDelete: "cascade" }),
    /** The library image it was copied from, when it was; the copy stays if that image goes. */
    sourceImageId: text("source_image_id").references((): AnyPgColumn => images.id, { onDelete: "set null" }),
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("learning_pictures_character_idx").on(t.characterId, t.position),
    index("learning_pictures_style_idx").on(t.styleId, t.position),
  ],
);

/**
 * A LoRA trained at a provider for a style or a character: paid when started, refunded by rule,
 * followed by the worker through the provider's own id. The row stays as the record of the charge
 * when its style or character goes (set null); the follower then cancels it at the provider.
 */
export const trainings = pgTable(
  "trainings",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    learns: text("learns", { enum: ["style", "character"] }).notNull(),
    styleId: text("style_id").references(() => styles.id, { onDelete: "set null" }),
    characterId: text("character_id").references(() => characters.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    preset: text("preset", { enum: trainingPresetValues }).notNull(),
    steps: integer("steps").notNull(),
    triggerWord: text("trigger_word").notNull(),
    pictureCount: integer("picture_count").notNull(),
    /** The dataset ZIP in Motif's storage until the provider has it. */
    datasetKey: text("dataset_key"),
    credits: integer("credits").notNull(),
    refundedCredits: integer("refunded_credits").notNull().default(0),
    status: text("status", { enum: trainingStatuses }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    /** The provider's id of the training, once submitted: all any process needs to follow or stop it. */
    providerRef: text("provider_ref"),
    /** What generation uses (fal's LoRA URL, Replicate's "owner/name:version"), once it succeeded. */
    modelRef: text("model_ref"),
    /** Motif's copy of the weights, where the operator keeps them (KEEP_TRAINED_WEIGHTS). */
    weightsKey: text("weights_key"),
    error: text("error"),
    apiKeyId: text("api_key_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("trainings_owner_idx").on(t.ownerId, t.createdAt),
    index("trainings_style_idx").on(t.styleId),
    index("trainings_character_idx").on(t.characterId),
    index("trainings_status_idx").on(t.status),
  ],
);
