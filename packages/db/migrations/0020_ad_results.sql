CREATE TABLE "ad_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_result_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by_id" integer,
	"file_name" text NOT NULL,
	"network" text NOT NULL,
	"currency" text,
	"rows" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"overlaps" jsonb NOT NULL,
	"period_start" date,
	"period_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_results" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"import_id" uuid NOT NULL,
	"network" text NOT NULL,
	"row_key" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"ad_name" text NOT NULL,
	"ad_code" text,
	"video_id" uuid,
	"impressions" bigint,
	"reach" bigint,
	"clicks" bigint,
	"spend" double precision,
	"conversions" double precision,
	"purchase_value" double precision,
	"plays_2s" bigint,
	"plays_3s" bigint,
	"plays_6s" bigint,
	"completed_views" bigint,
	"extra" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composite_videos" ADD COLUMN "ad_code" text;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD COLUMN "ad_code" text;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD COLUMN "ad_code" text;--> statement-breakpoint
ALTER TABLE "ad_codes" ADD CONSTRAINT "ad_codes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_result_imports" ADD CONSTRAINT "ad_result_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_result_imports" ADD CONSTRAINT "ad_result_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_results" ADD CONSTRAINT "ad_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_results" ADD CONSTRAINT "ad_results_import_id_ad_result_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "ad_result_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_result_imports_team_created_idx" ON "ad_result_imports" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_results_team_network_key_period_uq" ON "ad_results" USING btree ("team_id","network","row_key","period_key");--> statement-breakpoint
CREATE INDEX "ad_results_import_idx" ON "ad_results" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "ad_results_team_video_idx" ON "ad_results" USING btree ("team_id","video_id");--> statement-breakpoint
-- the videos made before codes existed: each gets one, all different, from its place in one list of both
-- kinds (oldest first) through x -> (104729 x + 12345678) mod 26^6, a one-to-one map (104729 shares no
-- factor with 26^6), written in the 26 characters new codes use (apps/api/src/modules/videos/ad-codes.ts);
-- a new code that happens to equal one of these is refused by ad_codes' key and drawn again
INSERT INTO "ad_codes" ("code", "team_id", "video_id")
SELECT 'HW-' || (
    SELECT string_agg(substr('23456789ACDEFGHJKMNPRTVWXY', ((c.x / p.w) % 26)::int + 1, 1), '' ORDER BY p.k DESC)
    FROM (VALUES (0, 1::bigint), (1, 26::bigint), (2, 676::bigint), (3, 17576::bigint), (4, 456976::bigint), (5, 11881376::bigint)) AS p(k, w)
  ), c.team_id, c.id
FROM (
  SELECT v.id, v.team_id, (104729::bigint * (row_number() OVER (ORDER BY v.created_at, v.id) - 1) + 12345678) % 308915776 AS x
  FROM (SELECT "id", "team_id", "created_at" FROM "text_wall_videos" UNION ALL SELECT "id", "team_id", "created_at" FROM "composite_videos") AS v
) AS c;--> statement-breakpoint
UPDATE "text_wall_videos" SET "ad_code" = "ad_codes"."code" FROM "ad_codes" WHERE "ad_codes"."video_id" = "text_wall_videos"."id";--> statement-breakpoint
UPDATE "composite_videos" SET "ad_code" = "ad_codes"."code" FROM "ad_codes" WHERE "ad_codes"."video_id" = "composite_videos"."id";--> statement-breakpoint
ALTER TABLE "text_wall_videos" ALTER COLUMN "ad_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "composite_videos" ALTER COLUMN "ad_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "composite_videos_ad_code_uq" ON "composite_videos" USING btree ("ad_code");--> statement-breakpoint
CREATE UNIQUE INDEX "text_wall_videos_ad_code_uq" ON "text_wall_videos" USING btree ("ad_code");