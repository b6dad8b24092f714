DROP INDEX "logs_user_observed_idx";--> statement-breakpoint
CREATE INDEX "logs_user_newest_idx" ON "logs" USING btree ("user_id","observed_at","created_at","id");