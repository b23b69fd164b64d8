-- The lead API and the inbound postback keep more in memory than the tracker (the affiliate behind an API token with
-- its role and rights, offer access, goals, currency rates, hold rules' geos): those tables notify 'routing_changed' too, and a change of
-- a user's rights or time zone does as well (migration 0008 listed the traffic columns only).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['roles', 'vertical_goals', 'currency_rates', 'traffic_sources', 'offer_traffic_sources', 'geos']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION leadgrid_routing_changed()',
      t || '_routing_changed', t);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TRIGGER users_routing_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_routing_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.traffic_blocked IS DISTINCT FROM NEW.traffic_blocked
    OR OLD.api_token IS DISTINCT FROM NEW.api_token OR OLD.accept_cold_traffic IS DISTINCT FROM NEW.accept_cold_traffic
    OR OLD.accept_invalid_leads IS DISTINCT FROM NEW.accept_invalid_leads
    OR OLD.redirect_to_advertiser IS DISTINCT FROM NEW.redirect_to_advertiser OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.custom_permissions IS DISTINCT FROM NEW.custom_permissions OR OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION leadgrid_routing_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted_routing_changed AFTER DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION leadgrid_routing_changed();
