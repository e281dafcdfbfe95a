CREATE TABLE "access_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "access_generation_single_row_check" CHECK ("access_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "access_generation" ("id", "value") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "skilldock_bump_access_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the first trigger to fire at commit bumps, the rest see the mark.
  IF current_setting('skilldock.access_generation_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('skilldock.access_generation_bumped', txid_current()::text, true);
    UPDATE "access_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "skills_access_generation" AFTER INSERT OR UPDATE OR DELETE ON "skills" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "skill_scope_members_access_generation" AFTER INSERT OR UPDATE OR DELETE ON "skill_scope_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_access_generation" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_access_generation" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_access_generation" AFTER INSERT OR UPDATE OR DELETE ON "memberships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE TRIGGER "skills_access_generation_truncate" AFTER TRUNCATE ON "skills" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE TRIGGER "skill_scope_members_access_generation_truncate" AFTER TRUNCATE ON "skill_scope_members" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE TRIGGER "users_access_generation_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE TRIGGER "departments_access_generation_truncate" AFTER TRUNCATE ON "departments" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_bump_access_generation"();
--> statement-breakpoint
CREATE TRIGGER "memberships_access_generation_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_bump_access_generation"();
