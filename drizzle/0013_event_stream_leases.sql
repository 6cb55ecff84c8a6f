CREATE TABLE "event_stream_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_stream_leases_user_idx" ON "event_stream_leases" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "event_stream_leases_ip_idx" ON "event_stream_leases" USING btree ("ip","expires_at");