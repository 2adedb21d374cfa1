ALTER TABLE "render_jobs" ADD COLUMN "duration_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "output_bytes" bigint;