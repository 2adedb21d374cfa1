ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_token" uuid;--> statement-breakpoint
CREATE INDEX "jobs_line_idx" ON "jobs" USING btree ("fair_key","name","run_at","seq") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
-- A cancel used to be stored as completed with last_error 'cancelled' (nothing else writes that
-- pair: a completion clears last_error); those rows take the state they meant, before the check
-- below allows only the known states.
UPDATE "jobs" SET "status" = 'cancelled', "last_error" = NULL WHERE "status" = 'completed' AND "last_error" = 'cancelled';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" IN ('queued', 'active', 'completed', 'failed', 'cancelled'));