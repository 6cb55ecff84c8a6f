ALTER TABLE "styles" ADD COLUMN "derived_description" text;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "samples_basis" jsonb;