-- API token scopes (issue 24): existing tokens keep exactly what they could do, `read` every
-- read scope and `read-write` every scope; the old access column goes.
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[];--> statement-breakpoint
UPDATE "api_tokens" SET "scopes" = CASE "access"
  WHEN 'read' THEN ARRAY['skills:read', 'agents:read', 'conversations:read', 'admin:read']
  ELSE ARRAY['skills:read', 'skills:write', 'agents:read', 'agents:write', 'conversations:read', 'conversations:write', 'admin:read', 'admin:write']
END;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "scopes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
DROP TRIGGER "api_tokens_auth_notify_update" ON "api_tokens";--> statement-breakpoint
-- As in 0006, with the scopes and expiry in place of the access level: a process's cached idea of them is then wrong.
CREATE TRIGGER "api_tokens_auth_notify_update" AFTER UPDATE ON "api_tokens" FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR (OLD.last_used_at IS NOT NULL AND (NEW.last_used_at IS NULL OR NEW.last_used_at < OLD.last_used_at))) EXECUTE FUNCTION "skilldock_notify_auth_change"();--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_access_check";--> statement-breakpoint
ALTER TABLE "api_tokens" DROP COLUMN "access";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_check" CHECK (cardinality("api_tokens"."scopes") > 0);
