DROP INDEX "invitations_team_idx";--> statement-breakpoint
DROP INDEX "credit_transactions_team_idx";--> statement-breakpoint
DROP INDEX "contexts_team_created_idx";--> statement-breakpoint
DROP INDEX "brand_videos_team_created_idx";--> statement-breakpoint
DROP INDEX "text_wall_background_videos_team_idx";--> statement-breakpoint
CREATE INDEX "memberships_team_created_idx" ON "memberships" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contexts_team_updated_idx" ON "contexts" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contexts_team_name_idx" ON "contexts" USING btree ("team_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "brand_videos_team_updated_idx" ON "brand_videos" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "brand_videos_team_title_idx" ON "brand_videos" USING btree ("team_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "invitations_team_idx" ON "invitations" USING btree ("team_id","status","created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_team_idx" ON "credit_transactions" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contexts_team_created_idx" ON "contexts" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "brand_videos_team_created_idx" ON "brand_videos" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "text_wall_background_videos_team_idx" ON "text_wall_background_videos" USING btree ("team_id","created_at","id");