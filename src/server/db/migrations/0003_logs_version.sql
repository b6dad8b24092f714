ALTER TABLE "users" ADD COLUMN "logs_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that writes logs bumps their owners' logs_version once, whatever the code path
-- (the API, the import, a backup restore's replays): cached results of the logs are keyed by it.
CREATE FUNCTION "bump_logs_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "users" SET "logs_version" = "logs_version" + 1
    WHERE "id" IN (SELECT "user_id" FROM "new_logs" UNION SELECT "user_id" FROM "old_logs");
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "logs_version" = "logs_version" + 1
    WHERE "id" IN (SELECT "user_id" FROM "new_logs");
  ELSE
    UPDATE "users" SET "logs_version" = "logs_version" + 1
    WHERE "id" IN (SELECT "user_id" FROM "old_logs");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logs_inserted" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS "new_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_logs_version"();
--> statement-breakpoint
CREATE TRIGGER "logs_updated" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS "old_logs" NEW TABLE AS "new_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_logs_version"();
--> statement-breakpoint
CREATE TRIGGER "logs_deleted" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS "old_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_logs_version"();
