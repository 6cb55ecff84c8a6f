ALTER TABLE "images" ADD COLUMN "parent_image_id" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_parent_image_id_images_id_fk" FOREIGN KEY ("parent_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_parent_idx" ON "images" USING btree ("parent_image_id");