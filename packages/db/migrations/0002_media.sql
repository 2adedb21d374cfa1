CREATE TABLE "contexts" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'product' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'pending_upload' NOT NULL,
	"error" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"duration" double precision,
	"width" integer,
	"height" integer,
	"fps" double precision,
	"codec" text,
	"created_by_id" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_wall_background_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer,
	"is_builtin" boolean DEFAULT false NOT NULL,
	"builtin_slug" text,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'pending_upload' NOT NULL,
	"error" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"duration" double precision,
	"width" integer,
	"height" integer,
	"fps" double precision,
	"codec" text,
	"created_by_id" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_wall_background_videos_builtin_slug_unique" UNIQUE("builtin_slug")
);
--> statement-breakpoint
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_videos" ADD CONSTRAINT "brand_videos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_videos" ADD CONSTRAINT "brand_videos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_wall_background_videos" ADD CONSTRAINT "text_wall_background_videos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_wall_background_videos" ADD CONSTRAINT "text_wall_background_videos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contexts_team_created_idx" ON "contexts" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "brand_videos_team_created_idx" ON "brand_videos" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "brand_videos_tags_idx" ON "brand_videos" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "text_wall_background_videos_team_idx" ON "text_wall_background_videos" USING btree ("team_id","created_at");