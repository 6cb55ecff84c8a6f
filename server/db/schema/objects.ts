import {
  boolean,
  jsonb,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { detailValues, imageSizeValues } from "../../../domain/images";
import { imageOperations, type ImageOperationParams } from "../../../domain/image-lineage";
import type { DrawingChoice } from "../../../domain/drawings";
import type { ImageCredit } from "../../../domain/objects";
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";
import { generationJobs } from "./generation-jobs";
import { styles } from "./styles";

/** Objects and their stored images. */

/**
 * A named thing in one style ("treasure chest"), with one or more images (its
 * variants; one is the cover). `set_id` is the job that first made it: a set is what
 * one submission made.
 */
export const objects = pgTable(
  "objects",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    /** Who in the workspace made it; null when unknown or their account is gone. */
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    styleId: text("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    setId: text("set_id").notNull(),
    name: text("name").notNull(),
    prompt: text("prompt"),
    size: text("size", { enum: imageSizeValues }).notNull(),
    detail: text("detail", { enum: detailValues }).notNull(),
    transparent: boolean("transparent").notNull(),
    /** The image shown for the object; the first one made until the user picks another. */
    coverImageId: text("cover_image_id"),
    /** The library drawing a person chose for it ("Choose another drawing"); the preview engine draws it. */
    drawing: jsonb("drawing").$type<DrawingChoice>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("objects_owner_created_idx").on(t.ownerId, t.createdAt, t.id),
    index("objects_owner_name_idx").on(t.ownerId, t.name, t.id),
    index("objects_style_idx").on(t.styleId),
    index("objects_set_idx").on(t.setId),
  ],
);

/** A stored, generated image. */
export const images = pgTable(
  "images",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    styleId: text("style_id").references(() => styles.id, { onDelete: "cascade" }),
    jobId: text("job_id").references(() => generationJobs.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    objectId: text("object_id").references(() => objects.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["anchor", "object"] }).notNull(),
    subject: text("subject").notNull(),
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    hasAlpha: boolean("has_alpha").notNull(),
    bytes: integer("bytes").notNull(),
    seed: integer("seed"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    prompt: text("prompt").notNull(),
    size: text("size", { enum: imageSizeValues }).notNull().default("square"),
    detail: text("detail", { enum: detailValues }).notNull().default("standard"),
    transparent: boolean("transparent").notNull().default(false),
    /** What this image cost its owner. */
    credits: integer("credits").notNull().default(0),
    /** How long the provider took to make it. */
    durationMs: integer("duration_ms"),
    /**
     * The image this one was made from (a background removal's source); null for one a
     * model generated. A source keeps one background-removed image: asking again returns it.
     */
    parentImageId: text("parent_image_id").references((): AnyPgColumn => images.id, { onDelete: "set null" }),
    /** How it was made: by a model, or from its parent (docs/decisions/070). */
    operation: text("operation", { enum: imageOperations }).notNull().default("generated"),
    /** What the operation was asked for (an upscale's factor and method). */
    operationParams: jsonb("operation_params").$type<ImageOperationParams>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A preview drawing's source icon, library and licence (docs/decisions/066); null otherwise. */
    credit: jsonb("credit").$type<ImageCredit>(),
    /** Where its native vector original (a sanitised SVG a vector model drew) is kept; null: a raster image. */
    svgKey: text("svg_key"),
  },
  (t) => [
    uniqueIndex("images_job_position_unique").on(t.jobId, t.position),
    index("images_style_idx").on(t.styleId),
    index("images_object_idx").on(t.objectId, t.createdAt),
    index("images_parent_idx").on(t.parentImageId),
  ],
);
