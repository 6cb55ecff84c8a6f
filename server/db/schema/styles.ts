import {
  boolean,
  jsonb,
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { detailValues, imageSizeValues } from "../../../domain/images";
import type { SamplesBasis } from "../../../domain/styles";
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";

/** Styles and the reference images that define them. */

/** A reusable look, owned by one user (built-in presets live in code: app/lib/ui/presets.ts). */
export const styles = pgTable(
  "styles",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    /** Who in the workspace made it; null when unknown or their account is gone. */
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    source: text("source", { enum: ["text", "image"] }).notNull(),
    /** The user's words; empty for a style made from reference images alone. */
    description: text("description").notNull(),
    /** For a style without a description: the words derived from its reference images. */
    derivedDescription: text("derived_description"),
    prompt: text("prompt").notNull(),
    palette: jsonb("palette").$type<string[]>().notNull().default([]),
    seed: integer("seed").notNull(),
    defaultSize: text("default_size", { enum: imageSizeValues }).notNull().default("square"),
    defaultDetail: text("default_detail", { enum: detailValues }).notNull().default("standard"),
    defaultTransparent: boolean("default_transparent").notNull().default(true),
    /** The model (provider id) this style's generations use unless the user picks another; null: the operator's default. */
    defaultModel: text("default_model"),
    /** What the current samples were made for (null: not recorded); a style that moved on shows them as out of date. */
    samplesBasis: jsonb("samples_basis").$type<SamplesBasis>(),
    /**
     * The style as providers learned it from its references, once (a Recraft custom style's id), by
     * provider, model, look and the references' hash: new references make a new one.
     */
    providerStyles: jsonb("provider_styles").$type<Record<string, string>>().notNull().default({}),
    /** The built-in preset the composer made this style from (one per user and preset). */
    presetId: text("preset_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("styles_owner_idx").on(t.ownerId, t.createdAt),
    uniqueIndex("styles_owner_preset_unique").on(t.ownerId, t.presetId),
  ],
);

/** Images a user uploaded to define a style. */
export const styleReferences = pgTable(
  "style_references",
  {
    id: text("id").primaryKey(),
    styleId: text("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("style_references_style_idx").on(t.styleId)],
);
