-- Test clicks (docs/decisions/engine.md "Test clicks"): a click opened through a staff test link is stored with
-- is_test and shown in Clicks, but never counted in statistics. The click facts of every path (triggers, backfill,
-- verifier, raw sub queries) come from stats_facts_sql: its clicks source is narrowed to the clicks that are not
-- tests, the one definition of migration 0015 kept as it is under the name stats_facts_sql_all.
ALTER TABLE "clicks" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER FUNCTION stats_facts_sql(text, text) RENAME TO stats_facts_sql_all;--> statement-breakpoint
CREATE FUNCTION stats_facts_sql(tbl text, src text) RETURNS text AS $$
BEGIN
  IF tbl = 'clicks' THEN
    RETURN stats_facts_sql_all(tbl, 'SELECT * FROM (' || src || ') counted WHERE NOT counted.is_test');
  END IF;
  RETURN stats_facts_sql_all(tbl, src);
END;
$$ LANGUAGE plpgsql IMMUTABLE;
