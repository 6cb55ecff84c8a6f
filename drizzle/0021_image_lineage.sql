ALTER TABLE "images" ADD COLUMN "operation" text DEFAULT 'generated' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "operation_params" jsonb;--> statement-breakpoint
-- Until now an image with a parent was always its parent's background removal.
UPDATE "images" SET "operation" = 'background-removed' WHERE "parent_image_id" IS NOT NULL;
