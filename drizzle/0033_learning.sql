CREATE TABLE "characters" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"style_id" text,
	"character_id" text,
	"source_image_id" text,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"created_by" text,
	"learns" text NOT NULL,
	"style_id" text,
	"character_id" text,
	"provider" text NOT NULL,
	"preset" text NOT NULL,
	"steps" integer NOT NULL,
	"trigger_word" text NOT NULL,
	"picture_count" integer NOT NULL,
	"dataset_key" text,
	"credits" integer NOT NULL,
	"refunded_credits" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"model_ref" text,
	"weights_key" text,
	"error" text,
	"api_key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_pictures" ADD CONSTRAINT "learning_pictures_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_pictures" ADD CONSTRAINT "learning_pictures_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_pictures" ADD CONSTRAINT "learning_pictures_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_pictures" ADD CONSTRAINT "learning_pictures_source_image_id_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_owner_idx" ON "characters" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "learning_pictures_character_idx" ON "learning_pictures" USING btree ("character_id","position");--> statement-breakpoint
CREATE INDEX "learning_pictures_style_idx" ON "learning_pictures" USING btree ("style_id","position");--> statement-breakpoint
CREATE INDEX "trainings_owner_idx" ON "trainings" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "trainings_style_idx" ON "trainings" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "trainings_character_idx" ON "trainings" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "trainings_status_idx" ON "trainings" USING btree ("status");