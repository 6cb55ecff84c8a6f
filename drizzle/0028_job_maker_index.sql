-- Upgrading through 0027 in the same run leaves its deferred checks pending, and an index cannot be built over them.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE INDEX "generation_jobs_created_by_idx" ON "generation_jobs" USING btree ("created_by");
