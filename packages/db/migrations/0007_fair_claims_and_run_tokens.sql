ALTER TABLE "jobs" ADD COLUMN "fair_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "run_token" uuid;--> statement-breakpoint
CREATE INDEX "jobs_fair_key_idx" ON "jobs" USING btree ("fair_key","updated_at");