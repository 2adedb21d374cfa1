CREATE TABLE "music_tracks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composite_videos" ADD COLUMN "music" jsonb;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "music" jsonb;--> statement-breakpoint
ALTER TABLE "music_tracks" ADD CONSTRAINT "music_tracks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_tracks" ADD CONSTRAINT "music_tracks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_tracks_team_created_idx" ON "music_tracks" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "music_tracks_team_name_idx" ON "music_tracks" USING btree ("team_id",lower("name"),"id");