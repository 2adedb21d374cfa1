CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"total" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composite_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by_id" integer,
	"bulk_job_id" uuid,
	"name" text NOT NULL,
	"composition_id" text NOT NULL,
	"config" jsonb NOT NULL,
	"hook_video_id" uuid,
	"product_demo_video_id" uuid,
	"render_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "render_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"composition_id" text NOT NULL,
	"input_props" jsonb NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"engine" text DEFAULT 'remotion' NOT NULL,
	"output_key" text,
	"thumbnail_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queue_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"render_ms" integer
);
--> statement-breakpoint
CREATE TABLE "text_wall_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by_id" integer,
	"bulk_job_id" uuid,
	"context_id" integer,
	"text" text NOT NULL,
	"background_video_id" uuid,
	"style" jsonb NOT NULL,
	"duration_seconds" double precision DEFAULT 10 NOT NULL,
	"aspect" text DEFAULT '9:16' NOT NULL,
	"render_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composite_videos" ADD CONSTRAINT "composite_videos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composite_videos" ADD CONSTRAINT "composite_videos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD CONSTRAINT "text_wall_videos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_wall_videos" ADD CONSTRAINT "text_wall_videos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_jobs_team_created_idx" ON "bulk_jobs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "composite_videos_team_created_idx" ON "composite_videos" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "composite_videos_hook_idx" ON "composite_videos" USING btree ("hook_video_id");--> statement-breakpoint
CREATE INDEX "composite_videos_demo_idx" ON "composite_videos" USING btree ("product_demo_video_id");--> statement-breakpoint
CREATE INDEX "composite_videos_bulk_idx" ON "composite_videos" USING btree ("bulk_job_id");--> statement-breakpoint
CREATE INDEX "render_jobs_team_created_idx" ON "render_jobs" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "render_jobs_team_status_idx" ON "render_jobs" USING btree ("team_id","status","created_at");--> statement-breakpoint
CREATE INDEX "render_jobs_target_idx" ON "render_jobs" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "text_wall_videos_team_created_idx" ON "text_wall_videos" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "text_wall_videos_bulk_idx" ON "text_wall_videos" USING btree ("bulk_job_id");