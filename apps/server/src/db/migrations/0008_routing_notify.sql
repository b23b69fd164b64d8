-- The tracker and the lead intake keep routing data (campaigns, offers, landers, affiliates, teams, advertisers,
-- integrations, caps, payment rules, domains) in memory. Every committed write of those tables notifies the channel
-- 'routing_changed' with the table name, so every process drops what it cached (architecture §2 scale-out path).
-- Statement-level: one notification per statement, delivered at commit, none for a rolled-back transaction.
CREATE OR REPLACE FUNCTION leadgrid_routing_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('routing_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['campaigns', 'campaign_landers', 'campaign_postbacks', 'offers', 'offer_affiliates', 'offer_teams',
    'offer_advertisers', 'landers', 'caps', 'payment_rules', 'teams', 'team_members', 'advertisers',
    'integrations', 'domains', 'verticals', 'hold_configs', 'postbacks', 'settings', 'currencies']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION leadgrid_routing_changed()',
      t || '_routing_changed', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- users change often (last activity, preferences): only the columns the traffic engine reads notify
CREATE TRIGGER users_routing_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.traffic_blocked IS DISTINCT FROM NEW.traffic_blocked
    OR OLD.api_token IS DISTINCT FROM NEW.api_token OR OLD.accept_cold_traffic IS DISTINCT FROM NEW.accept_cold_traffic
    OR OLD.accept_invalid_leads IS DISTINCT FROM NEW.accept_invalid_leads
    OR OLD.redirect_to_advertiser IS DISTINCT FROM NEW.redirect_to_advertiser OR OLD.role_id IS DISTINCT FROM NEW.role_id)
  EXECUTE FUNCTION leadgrid_routing_changed();
