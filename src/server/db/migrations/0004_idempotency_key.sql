ALTER TABLE "logs" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "logs_user_idempotency_key" ON "logs" USING btree ("user_id","idempotency_key");