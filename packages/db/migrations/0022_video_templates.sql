CREATE TABLE "video_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"composition" text NOT NULL,
	"brand_kit_id" uuid,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_brand_kit_id_brand_kits_id_fk" FOREIGN KEY ("brand_kit_id") REFERENCES "brand_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_templates_team_created_idx" ON "video_templates" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_templates_team_name_uq" ON "video_templates" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "video_templates_brand_kit_idx" ON "video_templates" USING btree ("brand_kit_id");