ALTER TABLE "users" ADD COLUMN "logs_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "logs_count" = "counted"."logs"
FROM (SELECT "user_id", count(*)::integer AS "logs" FROM "logs" GROUP BY "user_id") "counted"
WHERE "users"."id" = "counted"."user_id";
--> statement-breakpoint
-- The trigger of migration 0003 also keeps each user's logs_count: it adds the rows a statement
-- inserted and takes away those it deleted (an update may move a log to another owner).
CREATE OR REPLACE FUNCTION "bump_logs_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "users" SET "logs_version" = "logs_version" + 1, "logs_count" = "logs_count" + "changed"."logs"
    FROM (SELECT "user_id", sum("change")::integer AS "logs"
          FROM (SELECT "user_id", 1 AS "change" FROM "new_logs"
                UNION ALL SELECT "user_id", -1 FROM "old_logs") "changes"
          GROUP BY "user_id") "changed"
    WHERE "users"."id" = "changed"."user_id";
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "logs_version" = "logs_version" + 1, "logs_count" = "logs_count" + "added"."logs"
    FROM (SELECT "user_id", count(*)::integer AS "logs" FROM "new_logs" GROUP BY "user_id") "added"
    WHERE "users"."id" = "added"."user_id";
  ELSE
    UPDATE "users" SET "logs_version" = "logs_version" + 1, "logs_count" = "logs_count" - "removed"."logs"
    FROM (SELECT "user_id", count(*)::integer AS "logs" FROM "old_logs" GROUP BY "user_id") "removed"
    WHERE "users"."id" = "removed"."user_id";
  END IF;
  RETURN NULL;
END $$;
