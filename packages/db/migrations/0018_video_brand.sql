ALTER TABLE "composite_videos" ADD COLUMN "brand_kit_id" uuid;--> statement-breakpoint
ALTER TABLE "composite_videos" ADD COLUMN "brand" jsonb;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "brand_kit_id" uuid;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "brand" jsonb;