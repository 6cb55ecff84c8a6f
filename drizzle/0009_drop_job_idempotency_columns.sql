DROP INDEX "generation_jobs_idempotency_unique";--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP COLUMN "request_hash";