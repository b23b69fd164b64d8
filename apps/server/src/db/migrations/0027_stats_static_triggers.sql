-- The statistics triggers of clicks and leads with their statement written once (docs/decisions/insights.md, "The
-- roll-up triggers of clicks and leads are planned once"). Migration 0015's stats_rows_changed() builds its statement
-- as text and EXECUTEs it, so every write statement of clicks, leads and conversions parsed and planned a grouped
-- insert of some 45 columns again: about 5 ms a statement on the embedded database, more than the lead's own insert.
-- Here each table and operation gets a function whose body is that same statement (stats_delta_sql, generated now),
-- which PL/pgSQL plans once per session and reuses.
-- - An update counts -old +new of every row it touched, no longer of only the rows whose counted columns changed (that
--   filter joined the two transition tables, and a plan kept from a one-row update would join a large one row by
--   row): a row whose facts did not change gives +1 and -1 in the same group, which the grouped insert's HAVING
--   drops, so the deltas are the same; a row whose facts changed in a column the filter did not list (a sub, the
--   click copy, is_test of a click) now moves its counts, as the verifier recomputes them.
-- - Conversions keep stats_rows_changed(): their facts join leads, and a plan kept from a large first statement could
--   read the whole leads table for every later one.
-- - A migration that changes stats_facts_sql or stats_delta_sql runs SELECT stats_triggers_build() after it.
CREATE FUNCTION stats_triggers_build() RETURNS void AS $$
DECLARE
  t text;
  fn constant text := 'CREATE OR REPLACE FUNCTION %I() RETURNS trigger AS $f$ BEGIN %s; RETURN NULL; END $f$ LANGUAGE plpgsql';
BEGIN
  FOREACH t IN ARRAY ARRAY['clicks', 'leads'] LOOP
    EXECUTE format(fn, 'stats_' || t || '_inserted', stats_delta_sql(t, 'SELECT *, 1 AS sign FROM stats_new'));
    EXECUTE format(fn, 'stats_' || t || '_updated',
      stats_delta_sql(t, 'SELECT *, 1 AS sign FROM stats_new UNION ALL SELECT *, -1 AS sign FROM stats_old'));
    EXECUTE format(fn, 'stats_' || t || '_deleted', stats_delta_sql(t, 'SELECT *, -1 AS sign FROM stats_old'));
  END LOOP;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT stats_triggers_build();--> statement-breakpoint
DROP TRIGGER "clicks_stats_insert" ON "clicks";--> statement-breakpoint
DROP TRIGGER "clicks_stats_update" ON "clicks";--> statement-breakpoint
DROP TRIGGER "clicks_stats_delete" ON "clicks";--> statement-breakpoint
DROP TRIGGER "leads_stats_insert" ON "leads";--> statement-breakpoint
DROP TRIGGER "leads_stats_update" ON "leads";--> statement-breakpoint
DROP TRIGGER "leads_stats_delete" ON "leads";--> statement-breakpoint
CREATE TRIGGER "clicks_stats_insert" AFTER INSERT ON "clicks" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_clicks_inserted();--> statement-breakpoint
CREATE TRIGGER "clicks_stats_update" AFTER UPDATE ON "clicks" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_clicks_updated();--> statement-breakpoint
CREATE TRIGGER "clicks_stats_delete" AFTER DELETE ON "clicks" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_clicks_deleted();--> statement-breakpoint
CREATE TRIGGER "leads_stats_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_leads_inserted();--> statement-breakpoint
CREATE TRIGGER "leads_stats_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_leads_updated();--> statement-breakpoint
CREATE TRIGGER "leads_stats_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_leads_deleted();
