-- Issue 15: an administrator can require two-factor sign-in for the users of a staff role, and a user's change
-- of its own two-factor set-up reaches the cached actor at once (the users trigger of migration 0011 gains the column).
ALTER TABLE roles ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;
--> statement-breakpoint
DROP TRIGGER users_routing_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_routing_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.traffic_blocked IS DISTINCT FROM NEW.traffic_blocked
    OR OLD.api_token IS DISTINCT FROM NEW.api_token OR OLD.accept_cold_traffic IS DISTINCT FROM NEW.accept_cold_traffic
    OR OLD.accept_invalid_leads IS DISTINCT FROM NEW.accept_invalid_leads
    OR OLD.redirect_to_advertiser IS DISTINCT FROM NEW.redirect_to_advertiser OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.custom_permissions IS DISTINCT FROM NEW.custom_permissions OR OLD.timezone IS DISTINCT FROM NEW.timezone
    OR OLD.two_factor_enabled IS DISTINCT FROM NEW.two_factor_enabled)
  EXECUTE FUNCTION leadgrid_routing_changed();
--> statement-breakpoint
-- the sessions list of the profile reads a user's live refresh tokens
CREATE INDEX refresh_tokens_user_live_idx ON refresh_tokens (user_id) WHERE revoked_at IS NULL AND rotated_at IS NULL;
--> statement-breakpoint
-- an ended session (its refresh tokens revoked or deleted) empties the cached session actors at once, so the session's
-- access tokens stop working on the next call instead of living until they expire (http/auth.ts)
CREATE TRIGGER refresh_tokens_revoked_routing_changed AFTER UPDATE ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION leadgrid_routing_changed();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_deleted_routing_changed AFTER DELETE ON refresh_tokens FOR EACH STATEMENT
  EXECUTE FUNCTION leadgrid_routing_changed();
