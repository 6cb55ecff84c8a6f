ALTER TABLE "styles" ADD COLUMN "provider_styles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "svg_key" text;