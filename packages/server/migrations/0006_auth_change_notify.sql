CREATE FUNCTION "skilldock_notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Processes that keep who a session or token is listen here; notifications are sent at commit, and identical ones of one transaction fold into one.
  PERFORM pg_notify('skilldock_auth', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "access_generation_auth_notify" AFTER UPDATE ON "access_generation" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notify" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "skilldock_notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notify_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_auth_notify" AFTER DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "skilldock_notify_auth_change"();
--> statement-breakpoint
-- Not for a token's last use moving forward (written once a minute per token), but when it moves back: a process's idea of it is then wrong.
CREATE TRIGGER "api_tokens_auth_notify_update" AFTER UPDATE ON "api_tokens" FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.access IS DISTINCT FROM NEW.access OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR (OLD.last_used_at IS NOT NULL AND (NEW.last_used_at IS NULL OR NEW.last_used_at < OLD.last_used_at))) EXECUTE FUNCTION "skilldock_notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_auth_notify_truncate" AFTER TRUNCATE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "skilldock_notify_auth_change"();
