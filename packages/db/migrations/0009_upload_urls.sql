CREATE TABLE "upload_urls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_by_id" integer,
	"storage_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_urls" ADD CONSTRAINT "upload_urls_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_urls_storage_key_uq" ON "upload_urls" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_urls_open_uq" ON "upload_urls" USING btree ("target_type","target_id") WHERE "upload_urls"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "upload_urls_target_idx" ON "upload_urls" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_urls_expires_idx" ON "upload_urls" USING btree ("expires_at");