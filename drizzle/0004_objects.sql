CREATE TABLE "objects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"style_id" text NOT NULL,
	"set_id" text NOT NULL,
	"name" text NOT NULL,
	"prompt" text,
	"size" text NOT NULL,
	"detail" text NOT NULL,
	"transparent" boolean NOT NULL,
	"cover_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP CONSTRAINT "generation_jobs_style_id_styles_id_fk";
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "image_count" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ALTER COLUMN "image_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "refunded_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "size" text DEFAULT 'square' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "detail" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "transparent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "preset_id" text;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objects_owner_created_idx" ON "objects" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "objects_owner_name_idx" ON "objects" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE INDEX "objects_style_idx" ON "objects" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "objects_set_idx" ON "objects" USING btree ("set_id");--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_object_idx" ON "images" USING btree ("object_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "styles_owner_preset_unique" ON "styles" USING btree ("owner_id","preset_id");--> statement-breakpoint
UPDATE "generation_jobs" SET "kind" = 'style-samples' WHERE "kind" = 'style-anchor';--> statement-breakpoint
UPDATE "generation_jobs" SET "image_count" = jsonb_array_length("params"->'subjects') WHERE "kind" = 'style-samples' AND jsonb_typeof("params"->'subjects') = 'array';--> statement-breakpoint
UPDATE "generation_jobs" j SET "title" = 'Sample images for “' || s."name" || '”' FROM "styles" s WHERE s."id" = j."style_id" AND j."title" = '';--> statement-breakpoint
UPDATE "generation_jobs" j SET "refunded_credits" = l."delta" FROM "credit_ledger" l WHERE l."reason" = 'generation_refund' AND l."ref" = j."id";--> statement-breakpoint
UPDATE "images" i SET "size" = j."params"->>'size', "detail" = j."params"->>'detail', "transparent" = (j."params"->>'transparent')::boolean, "credits" = j."credits" / greatest(j."image_count", 1) FROM "generation_jobs" j WHERE j."id" = i."job_id";
