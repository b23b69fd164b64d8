-- Raw clicks and system logs partitioned by day (docs/decisions/engine.md "Clicks partitioned by day"), with a
-- retention that drops whole day partitions (job `raw-partitions`). The primary key becomes (id, created_at): a click id
-- is a UUIDv7 whose first 48 bits are the click's millisecond time and created_at is exactly that time, so a look-up
-- by id adds `created_at BETWEEN click_time_from(id) AND click_time_to(id)` and reads one partition. What leads and
-- conversions count of their click (traffic source, lander, device, OS, browser, country, language, IP, subs) is
-- copied onto them when they are written (`click_data`), so they keep it, and count the same, after the click is gone.

-- The millisecond time of a UUIDv7 (exact: integer milliseconds, no floating point); NULL for another version.
CREATE FUNCTION click_time(id uuid) RETURNS timestamptz AS $$
  SELECT CASE WHEN substr(id::text, 15, 1) = '7'
    THEN timestamptz '1970-01-01 00:00:00+00' + ('x' || lpad(substr(replace(id::text, '-', ''), 1, 12), 16, '0'))::bit(64)::bigint * interval '1 millisecond' END
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT;
--> statement-breakpoint
-- The bounds of a click's created_at by its id: the id's time give or take a minute for a UUIDv7, any time for another
-- id (written before the tracker made UUIDv7s, or by hand); immutable, so the planner prunes the partitions with them
-- (one, or two around midnight). The minute covers the clicks stored before this migration, whose created_at was read
-- from the clock beside the id's and could differ from it by the id generator's carry-over; a click written since has
-- created_at equal to its id's time.
CREATE FUNCTION click_time_from(id uuid) RETURNS timestamptz AS $$
  SELECT coalesce(click_time(id) - interval '1 minute', '-infinity'::timestamptz)
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT;
--> statement-breakpoint
CREATE FUNCTION click_time_to(id uuid) RETURNS timestamptz AS $$
  SELECT coalesce(click_time(id) + interval '1 minute', 'infinity'::timestamptz)
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT;
--> statement-breakpoint
-- When each partitioned raw table's rows are kept from: the retention moves it forward as it drops partitions; the
-- statistics verifier cannot recompute a period before it (rollups.ts).
CREATE TABLE "raw_retention" (
  "tbl" varchar(64) PRIMARY KEY NOT NULL,
  "kept_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The day partition of `tbl` holding `day` (UTC), made when missing. Rows of that day already in the default
-- partition (written while the partition was missing) are moved into it first, straight between the partitions: no
-- trigger of the partitioned table fires, so the statistics do not count them again.
CREATE FUNCTION raw_partition_ensure(tbl text, day timestamptz) RETURNS boolean AS $$
DECLARE
  lo timestamptz := date_trunc('day', day AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  hi timestamptz := lo + interval '1 day';
  part text := tbl || '_p' || to_char(lo AT TIME ZONE 'UTC', 'YYYYMMDD');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  -- a day already covered by another partition (the one attached by this migration) needs none
  IF EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = tbl::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
        AND substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz > lo
        AND coalesce(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \(''([^'']+)''\)')::timestamptz, '-infinity') < hi) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, tbl);
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE created_at >= $1 AND created_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
    tbl || '_default', part) USING lo, hi;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', tbl, part, lo, hi);
  RETURN true;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The day partitions of `tbl` from `today` to `ahead` days later (UTC), made when missing; answers how many were made.
CREATE FUNCTION raw_partitions_ahead(tbl text, today timestamptz, ahead int) RETURNS int AS $$
DECLARE made int := 0;
BEGIN
  FOR i IN 0..ahead LOOP
    IF raw_partition_ensure(tbl, today + i * interval '1 day') THEN made := made + 1; END IF;
  END LOOP;
  RETURN made;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The retention: drops every partition of `tbl` wholly before `cutoff` and deletes the default partition's rows before
-- it (straight from the partition: no trigger fires, the statistics keep them); moves raw_retention's kept_from to the
-- end of what was dropped. Answers the partitions dropped.
CREATE FUNCTION raw_partitions_drop(tbl text, cutoff timestamptz) RETURNS int AS $$
DECLARE
  r record;
  hi timestamptz;
  kept timestamptz;
  dropped int := 0;
  deleted bigint;
BEGIN
  FOR r IN SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = tbl::regclass LOOP
    CONTINUE WHEN r.bound = 'DEFAULT';
    hi := substring(r.bound FROM 'TO \(''([^'']+)''\)')::timestamptz;
    IF hi <= cutoff THEN
      EXECUTE format('DROP TABLE %I', r.relname);
      dropped := dropped + 1;
      kept := greatest(kept, hi);
    END IF;
  END LOOP;
  EXECUTE format('DELETE FROM %I WHERE created_at < $1', tbl || '_default') USING cutoff;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  IF deleted > 0 THEN kept := greatest(kept, cutoff); END IF;
  IF kept IS NOT NULL THEN
    INSERT INTO raw_retention (tbl, kept_from) VALUES (tbl, kept)
      ON CONFLICT ON CONSTRAINT raw_retention_pkey DO UPDATE SET kept_from = greatest(raw_retention.kept_from, excluded.kept_from);
  END IF;
  RETURN dropped;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "clicks_stats_insert" ON "clicks";--> statement-breakpoint
DROP TRIGGER "clicks_stats_update" ON "clicks";--> statement-breakpoint
DROP TRIGGER "clicks_stats_delete" ON "clicks";--> statement-breakpoint
ALTER TABLE "clicks" RENAME TO "clicks_before_0026";--> statement-breakpoint
ALTER TABLE "clicks_before_0026" RENAME CONSTRAINT "clicks_pkey" TO "clicks_before_0026_pkey";--> statement-breakpoint
ALTER INDEX "clicks_created_idx" RENAME TO "clicks_before_0026_created_idx";--> statement-breakpoint
ALTER INDEX "clicks_campaign_created_idx" RENAME TO "clicks_before_0026_campaign_created_idx";--> statement-breakpoint
ALTER INDEX "clicks_affiliate_created_idx" RENAME TO "clicks_before_0026_affiliate_created_idx";--> statement-breakpoint
ALTER INDEX "clicks_offer_created_idx" RENAME TO "clicks_before_0026_offer_created_idx";--> statement-breakpoint
CREATE TABLE "clicks" (LIKE "clicks_before_0026" INCLUDING DEFAULTS, PRIMARY KEY ("id", "created_at")) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clicks_campaign_created_idx" ON "clicks" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_created_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_offer_created_idx" ON "clicks" USING btree ("offer_id","created_at");--> statement-breakpoint
-- the clicks of a time no day partition covers (the daily job was late, a clock far off): never refused
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;--> statement-breakpoint
-- the clicks stored before: one partition up to the end of their last day (at least today), dropped whole by the
-- retention once that end is older than it; an install without clicks starts with day partitions only
DO $$
DECLARE hi timestamptz;
BEGIN
  IF EXISTS (SELECT 1 FROM clicks_before_0026) THEN
    SELECT greatest(date_trunc('day', now() AT TIME ZONE 'UTC'), date_trunc('day', max(created_at) AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC' + interval '1 day'
      INTO hi FROM clicks_before_0026;
    -- a partition's key is its table's: (id, created_at) instead of id alone (ids stay unique: one time per id)
    ALTER TABLE clicks_before_0026 DROP CONSTRAINT clicks_before_0026_pkey, ADD CONSTRAINT clicks_before_0026_pkey PRIMARY KEY (id, created_at);
    EXECUTE format('ALTER TABLE clicks ATTACH PARTITION clicks_before_0026 FOR VALUES FROM (MINVALUE) TO (%L)', hi);
  ELSE
    DROP TABLE clicks_before_0026;
  END IF;
END $$;--> statement-breakpoint
SELECT raw_partitions_ahead('clicks', now(), 7);--> statement-breakpoint
CREATE TRIGGER "clicks_stats_insert" AFTER INSERT ON "clicks" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();--> statement-breakpoint
CREATE TRIGGER "clicks_stats_update" AFTER UPDATE ON "clicks" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();--> statement-breakpoint
CREATE TRIGGER "clicks_stats_delete" AFTER DELETE ON "clicks" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();--> statement-breakpoint
ALTER TABLE "system_logs" RENAME TO "system_logs_before_0026";--> statement-breakpoint
ALTER TABLE "system_logs_before_0026" RENAME CONSTRAINT "system_logs_pkey" TO "system_logs_before_0026_pkey";--> statement-breakpoint
ALTER INDEX "system_logs_type_created_idx" RENAME TO "system_logs_before_0026_type_created_idx";--> statement-breakpoint
ALTER INDEX "system_logs_affiliate_idx" RENAME TO "system_logs_before_0026_affiliate_idx";--> statement-breakpoint
ALTER INDEX "system_logs_advertiser_idx" RENAME TO "system_logs_before_0026_advertiser_idx";--> statement-breakpoint
CREATE TABLE "system_logs" (LIKE "system_logs_before_0026" INCLUDING DEFAULTS, PRIMARY KEY ("id", "created_at")) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "system_logs_id_seq" OWNED BY "system_logs"."id";--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_logs_type_created_idx" ON "system_logs" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_affiliate_idx" ON "system_logs" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_advertiser_idx" ON "system_logs" USING btree ("advertiser_id","created_at");--> statement-breakpoint
CREATE TABLE "system_logs_default" PARTITION OF "system_logs" DEFAULT;--> statement-breakpoint
DO $$
DECLARE hi timestamptz;
BEGIN
  IF EXISTS (SELECT 1 FROM system_logs_before_0026) THEN
    SELECT greatest(date_trunc('day', now() AT TIME ZONE 'UTC'), date_trunc('day', max(created_at) AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC' + interval '1 day'
      INTO hi FROM system_logs_before_0026;
    -- a partition's key is its table's: (id, created_at) instead of id alone (ids stay unique: one time per id)
    ALTER TABLE system_logs_before_0026 DROP CONSTRAINT system_logs_before_0026_pkey, ADD CONSTRAINT system_logs_before_0026_pkey PRIMARY KEY (id, created_at);
    EXECUTE format('ALTER TABLE system_logs ATTACH PARTITION system_logs_before_0026 FOR VALUES FROM (MINVALUE) TO (%L)', hi);
  ELSE
    DROP TABLE system_logs_before_0026;
  END IF;
END $$;--> statement-breakpoint
SELECT raw_partitions_ahead('system_logs', now(), 7);--> statement-breakpoint
-- What leads and conversions count of their click, copied when they are written (the statistics facts read it here,
-- no longer from the click row; postback-in reads the click's country and IP from it)
CREATE TYPE click_copy AS (traffic_source_id integer, lander_id integer, country varchar(2), language varchar(8),
  device_type varchar(32), os varchar(64), browser varchar(64), ip varchar(45), sub1 varchar(255), sub2 varchar(255),
  sub3 varchar(255), sub4 varchar(255), sub5 varchar(255), sub6 varchar(255), sub7 varchar(255), sub8 varchar(255), sub9 varchar(255));--> statement-breakpoint
CREATE FUNCTION click_copy(c clicks) RETURNS jsonb AS $$
  SELECT jsonb_strip_nulls(to_jsonb((c.traffic_source_id, c.lander_id, c.country, c.language, c.device_type, c.os, c.browser, c.ip,
    c.sub1, c.sub2, c.sub3, c.sub4, c.sub5, c.sub6, c.sub7, c.sub8, c.sub9)::click_copy))
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- the copy of a click by its id (one partition), or NULL when it is not (or no longer) stored
CREATE FUNCTION click_copy_of(id uuid) RETURNS jsonb AS $$
  SELECT click_copy(c) FROM clicks c WHERE c.id = $1 AND c.created_at BETWEEN click_time_from($1) AND click_time_to($1)
$$ LANGUAGE sql STABLE;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "click_data" jsonb;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "click_data" jsonb;--> statement-breakpoint
CREATE FUNCTION leads_click_copy() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.click_id IS NOT DISTINCT FROM OLD.click_id THEN RETURN NEW; END IF;
  NEW.click_data := CASE WHEN NEW.click_id IS NOT NULL THEN coalesce(click_copy_of(NEW.click_id), NEW.click_data) END;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "leads_click_copy" BEFORE INSERT OR UPDATE OF click_id ON "leads" FOR EACH ROW EXECUTE FUNCTION leads_click_copy();--> statement-breakpoint
-- a conversion's click is its own click id's, else its lead's: the lead's copy serves when the ids agree (it outlives
-- the click row)
CREATE FUNCTION conversions_click_copy() RETURNS trigger AS $$
DECLARE
  lead_click uuid;
  lead_copy jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.click_id IS NOT DISTINCT FROM OLD.click_id AND NEW.lead_id IS NOT DISTINCT FROM OLD.lead_id THEN RETURN NEW; END IF;
  IF NEW.lead_id IS NOT NULL THEN SELECT l.click_id, l.click_data INTO lead_click, lead_copy FROM leads l WHERE l.id = NEW.lead_id; END IF;
  IF coalesce(NEW.click_id, lead_click) IS NULL THEN
    NEW.click_data := NULL;
  ELSIF NEW.click_id IS NULL OR NEW.click_id = lead_click THEN
    NEW.click_data := coalesce(lead_copy, click_copy_of(lead_click), NEW.click_data);
  ELSE
    NEW.click_data := coalesce(click_copy_of(NEW.click_id), NEW.click_data);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "conversions_click_copy" BEFORE INSERT OR UPDATE OF click_id, lead_id ON "conversions" FOR EACH ROW EXECUTE FUNCTION conversions_click_copy();--> statement-breakpoint
UPDATE "leads" l SET "click_data" = click_copy(c) FROM "clicks" c WHERE c.id = l.click_id;--> statement-breakpoint
UPDATE "conversions" v SET "click_data" = click_copy(c) FROM "clicks" c
  WHERE c.id = coalesce(v.click_id, (SELECT l.click_id FROM leads l WHERE l.id = v.lead_id));--> statement-breakpoint
-- The statistics facts read the click's dimensions from the copy on the lead or conversion (migration 0015's
-- definition otherwise as it was)
CREATE OR REPLACE FUNCTION stats_facts_sql_all(tbl text, src text) RETURNS text AS $$
BEGIN
  RETURN CASE tbl
    WHEN 'clicks' THEN format('SELECT c.created_at AS at, 0::smallint AS kind, false AS hidden,
      coalesce(c.affiliate_id, 0) AS affiliate_id,
      coalesce(c.team_id, 0) AS team_id,
      coalesce(c.offer_id, 0) AS offer_id,
      coalesce(c.campaign_id, 0) AS campaign_id,
      coalesce(o.vertical_id, 0) AS vertical_id,
      0 AS advertiser_id,
      0 AS integration_id,
      0 AS goal_id,
      coalesce(c.lander_id, 0) AS lander_id,
      coalesce(c.traffic_source_id, 0) AS traffic_source_id,
      coalesce(c.country, '''') AS country,
      coalesce(c.language, '''') AS language,
      coalesce(c.device_type, '''') AS device_type,
      coalesce(c.os, '''') AS os,
      coalesce(c.browser, '''') AS browser,
      c.sub1, c.sub2, c.sub3, c.sub4, c.sub5, c.sub6, c.sub7, c.sub8, c.sub9,
      c.sign AS clicks,
      c.sign * c.is_unique::int AS unique_clicks,
      c.sign * (c.status = 1)::int AS valid_clicks,
      c.sign * (c.status = 2)::int AS invalid_clicks,
      0 AS leads,
      0 AS leads_new,
      0 AS leads_trash,
      0 AS leads_hold,
      0 AS leads_invalid,
      0 AS leads_sent,
      0 AS leads_unsent,
      0 AS leads_failed,
      0 AS leads_duplicate,
      0 AS leads_test,
      0 AS conversions,
      0 AS conversions_pending,
      0 AS conversions_hold,
      0 AS conversions_approved,
      0 AS conversions_rejected,
      0::numeric AS revenue,
      0::numeric AS revenue_pending,
      0::numeric AS revenue_hold,
      0::numeric AS payout,
      0::numeric AS payout_pending,
      0::numeric AS payout_hold
    FROM (%s) c LEFT JOIN offers o ON o.id = c.offer_id', src)
    WHEN 'leads' THEN format('SELECT CASE k.kind WHEN 0 THEN l.created_at ELSE stats_click_time(l.click_id, l.created_at) END AS at, k.kind, false AS hidden,
      l.affiliate_id AS affiliate_id,
      coalesce(l.team_id, 0) AS team_id,
      l.offer_id AS offer_id,
      coalesce(l.campaign_id, 0) AS campaign_id,
      l.vertical_id AS vertical_id,
      coalesce(l.advertiser_id, 0) AS advertiser_id,
      coalesce(l.integration_id, 0) AS integration_id,
      0 AS goal_id,
      coalesce(l.lander_id, 0) AS lander_id,
      coalesce(ck.traffic_source_id, 0) AS traffic_source_id,
      coalesce(l.country, '''') AS country,
      coalesce(l.language, '''') AS language,
      coalesce(ck.device_type, '''') AS device_type,
      coalesce(ck.os, '''') AS os,
      coalesce(ck.browser, '''') AS browser,
      l.sub1, l.sub2, l.sub3, l.sub4, l.sub5, l.sub6, l.sub7, l.sub8, l.sub9,
      0 AS clicks,
      0 AS unique_clicks,
      0 AS valid_clicks,
      0 AS invalid_clicks,
      l.sign * (l.status <> ''test'' AND NOT l.is_test)::int AS leads,
      l.sign * (l.status = ''new'')::int AS leads_new,
      l.sign * (l.status = ''trash'')::int AS leads_trash,
      l.sign * (l.status = ''hold'')::int AS leads_hold,
      l.sign * (l.status = ''invalid'')::int AS leads_invalid,
      l.sign * (l.status = ''sent'')::int AS leads_sent,
      l.sign * (l.status = ''unsent'')::int AS leads_unsent,
      l.sign * (l.status = ''failed'')::int AS leads_failed,
      l.sign * (l.status = ''duplicate'')::int AS leads_duplicate,
      l.sign * (l.status = ''test'')::int AS leads_test,
      0 AS conversions,
      0 AS conversions_pending,
      0 AS conversions_hold,
      0 AS conversions_approved,
      0 AS conversions_rejected,
      0::numeric AS revenue,
      0::numeric AS revenue_pending,
      0::numeric AS revenue_hold,
      0::numeric AS payout,
      0::numeric AS payout_pending,
      0::numeric AS payout_hold
    FROM (%s) l CROSS JOIN (VALUES (0::smallint), (1::smallint)) k(kind) CROSS JOIN LATERAL jsonb_populate_record(null::click_copy, l.click_data) ck', src)
    WHEN 'conversions' THEN format('SELECT CASE k.kind WHEN 0 THEN v.created_at ELSE stats_click_time(coalesce(v.click_id, l.click_id), v.created_at) END AS at, k.kind, v.is_hidden AS hidden,
      v.affiliate_id AS affiliate_id,
      coalesce(v.team_id, 0) AS team_id,
      v.offer_id AS offer_id,
      coalesce(v.campaign_id, 0) AS campaign_id,
      coalesce(o.vertical_id, 0) AS vertical_id,
      coalesce(v.advertiser_id, 0) AS advertiser_id,
      coalesce(l.integration_id, 0) AS integration_id,
      coalesce(v.goal_id, 0) AS goal_id,
      coalesce(l.lander_id, ck.lander_id, 0) AS lander_id,
      coalesce(ck.traffic_source_id, 0) AS traffic_source_id,
      coalesce(l.country, ck.country, '''') AS country,
      coalesce(l.language, ck.language, '''') AS language,
      coalesce(ck.device_type, '''') AS device_type,
      coalesce(ck.os, '''') AS os,
      coalesce(ck.browser, '''') AS browser,
      coalesce(l.sub1, ck.sub1) AS sub1, coalesce(l.sub2, ck.sub2) AS sub2, coalesce(l.sub3, ck.sub3) AS sub3, coalesce(l.sub4, ck.sub4) AS sub4, coalesce(l.sub5, ck.sub5) AS sub5, coalesce(l.sub6, ck.sub6) AS sub6, coalesce(l.sub7, ck.sub7) AS sub7, coalesce(l.sub8, ck.sub8) AS sub8, coalesce(l.sub9, ck.sub9) AS sub9,
      0 AS clicks,
      0 AS unique_clicks,
      0 AS valid_clicks,
      0 AS invalid_clicks,
      0 AS leads,
      0 AS leads_new,
      0 AS leads_trash,
      0 AS leads_hold,
      0 AS leads_invalid,
      0 AS leads_sent,
      0 AS leads_unsent,
      0 AS leads_failed,
      0 AS leads_duplicate,
      0 AS leads_test,
      v.sign AS conversions,
      v.sign * (v.status = 1)::int AS conversions_pending,
      v.sign * (v.status = 2)::int AS conversions_hold,
      v.sign * (v.status = 3)::int AS conversions_approved,
      v.sign * (v.status = 4)::int AS conversions_rejected,
      v.sign * CASE WHEN v.status = 3 THEN v.base_revenue ELSE 0 END AS revenue,
      v.sign * CASE WHEN v.status = 1 THEN v.base_revenue ELSE 0 END AS revenue_pending,
      v.sign * CASE WHEN v.status = 2 THEN v.base_revenue ELSE 0 END AS revenue_hold,
      v.sign * CASE WHEN v.status = 3 THEN v.base_payout ELSE 0 END AS payout,
      v.sign * CASE WHEN v.status = 1 THEN v.base_payout ELSE 0 END AS payout_pending,
      v.sign * CASE WHEN v.status = 2 THEN v.base_payout ELSE 0 END AS payout_hold
    FROM (%s) v CROSS JOIN (VALUES (0::smallint), (1::smallint)) k(kind) LEFT JOIN leads l ON l.id = v.lead_id CROSS JOIN LATERAL jsonb_populate_record(null::click_copy, v.click_data) ck LEFT JOIN offers o ON o.id = v.offer_id', src)
  END;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
