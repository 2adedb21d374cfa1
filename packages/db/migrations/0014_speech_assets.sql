CREATE TABLE "speech_assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"voice_id" text NOT NULL,
	"speed" double precision NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"words" jsonb NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "voice" jsonb;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "captions" jsonb;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "speech_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "speech_assets" ADD CONSTRAINT "speech_assets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "speech_assets_team_voice_speed_text_uq" ON "speech_assets" USING btree ("team_id","voice_id","speed","text_hash");--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD CONSTRAINT "text_wall_videos_speech_asset_id_speech_assets_id_fk" FOREIGN KEY ("speech_asset_id") REFERENCES "speech_assets"("id") ON DELETE set null ON UPDATE no action;