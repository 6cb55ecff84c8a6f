CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"job_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_job_unique" ON "webhook_deliveries" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_key_idx" ON "webhook_deliveries" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unqueued_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."queued_at" is null;