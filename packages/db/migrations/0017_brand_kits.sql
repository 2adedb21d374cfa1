CREATE TABLE "brand_fonts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"family" text NOT NULL,
	"weight" integer NOT NULL,
	"style" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"preview_key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_kits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"colors" jsonb NOT NULL,
	"font_family" text,
	"brand_font_id" uuid,
	"logo_key" text,
	"logo_size" bigint DEFAULT 0 NOT NULL,
	"logo_width" integer,
	"logo_height" integer,
	"logo_position" text DEFAULT 'top-right' NOT NULL,
	"logo_scale" double precision DEFAULT 0.18 NOT NULL,
	"text_style" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"caption_style" text DEFAULT 'highlight' NOT NULL,
	"end_card" jsonb NOT NULL,
	"context_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_fonts" ADD CONSTRAINT "brand_fonts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_brand_font_id_brand_fonts_id_fk" FOREIGN KEY ("brand_font_id") REFERENCES "brand_fonts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_context_id_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "contexts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_fonts_team_created_idx" ON "brand_fonts" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "brand_kits_team_created_idx" ON "brand_kits" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_kits_one_default_uq" ON "brand_kits" USING btree ("team_id") WHERE "brand_kits"."is_default";--> statement-breakpoint
CREATE INDEX "brand_kits_brand_font_idx" ON "brand_kits" USING btree ("brand_font_id");