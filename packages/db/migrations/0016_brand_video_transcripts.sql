ALTER TABLE "brand_videos" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "brand_videos" ADD COLUMN "transcribed_at" timestamp with time zone;