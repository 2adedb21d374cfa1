ALTER TABLE "composite_videos" ADD COLUMN "voice" jsonb;--> statement-breakpoint
ALTER TABLE "composite_videos" ADD COLUMN "speech_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "composite_videos" ADD CONSTRAINT "composite_videos_speech_asset_id_speech_assets_id_fk" FOREIGN KEY ("speech_asset_id") REFERENCES "speech_assets"("id") ON DELETE set null ON UPDATE no action;