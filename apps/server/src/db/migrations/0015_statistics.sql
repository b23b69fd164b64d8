-- Statistics roll-ups (docs/decisions/insights.md "Statistics roll-ups"). Every raw write of clicks, leads and
-- conversions appends its counts to stats_deltas from statement-level triggers (one grouped INSERT per statement, in
-- the writer's own transaction: nothing is counted that is not committed, nothing committed is left uncounted). The
-- compactor (stats_compact, one at a time) folds the deltas into the cubes at three grains; queries read cube + deltas.
--> statement-breakpoint
CREATE TABLE "stats_deltas" (
  "id" bigserial PRIMARY KEY,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "team_id" integer NOT NULL DEFAULT 0,
  "offer_id" integer NOT NULL DEFAULT 0,
  "campaign_id" integer NOT NULL DEFAULT 0,
  "vertical_id" integer NOT NULL DEFAULT 0,
  "advertiser_id" integer NOT NULL DEFAULT 0,
  "integration_id" integer NOT NULL DEFAULT 0,
  "goal_id" integer NOT NULL DEFAULT 0,
  "lander_id" integer NOT NULL DEFAULT 0,
  "traffic_source_id" integer NOT NULL DEFAULT 0,
  "country" varchar(2) NOT NULL DEFAULT '',
  "language" varchar(8) NOT NULL DEFAULT '',
  "device_type" varchar(32) NOT NULL DEFAULT '',
  "os" varchar(64) NOT NULL DEFAULT '',
  "browser" varchar(64) NOT NULL DEFAULT '',
  "clicks" bigint NOT NULL DEFAULT 0,
  "unique_clicks" bigint NOT NULL DEFAULT 0,
  "valid_clicks" bigint NOT NULL DEFAULT 0,
  "invalid_clicks" bigint NOT NULL DEFAULT 0,
  "leads" bigint NOT NULL DEFAULT 0,
  "leads_new" bigint NOT NULL DEFAULT 0,
  "leads_trash" bigint NOT NULL DEFAULT 0,
  "leads_hold" bigint NOT NULL DEFAULT 0,
  "leads_invalid" bigint NOT NULL DEFAULT 0,
  "leads_sent" bigint NOT NULL DEFAULT 0,
  "leads_unsent" bigint NOT NULL DEFAULT 0,
  "leads_failed" bigint NOT NULL DEFAULT 0,
  "leads_duplicate" bigint NOT NULL DEFAULT 0,
  "leads_test" bigint NOT NULL DEFAULT 0,
  "conversions" bigint NOT NULL DEFAULT 0,
  "conversions_pending" bigint NOT NULL DEFAULT 0,
  "conversions_hold" bigint NOT NULL DEFAULT 0,
  "conversions_approved" bigint NOT NULL DEFAULT 0,
  "conversions_rejected" bigint NOT NULL DEFAULT 0,
  "revenue" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_hold" numeric(20,8) NOT NULL DEFAULT 0,
  "payout" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_hold" numeric(20,8) NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX "stats_deltas_bucket_idx" ON "stats_deltas" ("bucket");
--> statement-breakpoint
CREATE TABLE "stats_time" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "clicks" bigint NOT NULL DEFAULT 0,
  "unique_clicks" bigint NOT NULL DEFAULT 0,
  "valid_clicks" bigint NOT NULL DEFAULT 0,
  "invalid_clicks" bigint NOT NULL DEFAULT 0,
  "leads" bigint NOT NULL DEFAULT 0,
  "leads_new" bigint NOT NULL DEFAULT 0,
  "leads_trash" bigint NOT NULL DEFAULT 0,
  "leads_hold" bigint NOT NULL DEFAULT 0,
  "leads_invalid" bigint NOT NULL DEFAULT 0,
  "leads_sent" bigint NOT NULL DEFAULT 0,
  "leads_unsent" bigint NOT NULL DEFAULT 0,
  "leads_failed" bigint NOT NULL DEFAULT 0,
  "leads_duplicate" bigint NOT NULL DEFAULT 0,
  "leads_test" bigint NOT NULL DEFAULT 0,
  "conversions" bigint NOT NULL DEFAULT 0,
  "conversions_pending" bigint NOT NULL DEFAULT 0,
  "conversions_hold" bigint NOT NULL DEFAULT 0,
  "conversions_approved" bigint NOT NULL DEFAULT 0,
  "conversions_rejected" bigint NOT NULL DEFAULT 0,
  "revenue" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_hold" numeric(20,8) NOT NULL DEFAULT 0,
  "payout" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_hold" numeric(20,8) NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "bucket", "kind", "hidden")
);
--> statement-breakpoint
CREATE TABLE "stats_entity" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "team_id" integer NOT NULL DEFAULT 0,
  "offer_id" integer NOT NULL DEFAULT 0,
  "campaign_id" integer NOT NULL DEFAULT 0,
  "vertical_id" integer NOT NULL DEFAULT 0,
  "advertiser_id" integer NOT NULL DEFAULT 0,
  "integration_id" integer NOT NULL DEFAULT 0,
  "goal_id" integer NOT NULL DEFAULT 0,
  "lander_id" integer NOT NULL DEFAULT 0,
  "traffic_source_id" integer NOT NULL DEFAULT 0,
  "clicks" bigint NOT NULL DEFAULT 0,
  "unique_clicks" bigint NOT NULL DEFAULT 0,
  "valid_clicks" bigint NOT NULL DEFAULT 0,
  "invalid_clicks" bigint NOT NULL DEFAULT 0,
  "leads" bigint NOT NULL DEFAULT 0,
  "leads_new" bigint NOT NULL DEFAULT 0,
  "leads_trash" bigint NOT NULL DEFAULT 0,
  "leads_hold" bigint NOT NULL DEFAULT 0,
  "leads_invalid" bigint NOT NULL DEFAULT 0,
  "leads_sent" bigint NOT NULL DEFAULT 0,
  "leads_unsent" bigint NOT NULL DEFAULT 0,
  "leads_failed" bigint NOT NULL DEFAULT 0,
  "leads_duplicate" bigint NOT NULL DEFAULT 0,
  "leads_test" bigint NOT NULL DEFAULT 0,
  "conversions" bigint NOT NULL DEFAULT 0,
  "conversions_pending" bigint NOT NULL DEFAULT 0,
  "conversions_hold" bigint NOT NULL DEFAULT 0,
  "conversions_approved" bigint NOT NULL DEFAULT 0,
  "conversions_rejected" bigint NOT NULL DEFAULT 0,
  "revenue" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_hold" numeric(20,8) NOT NULL DEFAULT 0,
  "payout" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_hold" numeric(20,8) NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "affiliate_id", "team_id", "offer_id", "campaign_id", "vertical_id", "advertiser_id", "integration_id", "goal_id", "lander_id", "traffic_source_id")
);
--> statement-breakpoint
CREATE INDEX "stats_entity_affiliate_idx" ON "stats_entity" ("affiliate_id", "grain", "bucket");
--> statement-breakpoint
CREATE INDEX "stats_entity_advertiser_idx" ON "stats_entity" ("advertiser_id", "grain", "bucket");
--> statement-breakpoint
CREATE INDEX "stats_entity_offer_idx" ON "stats_entity" ("offer_id", "grain", "bucket");
--> statement-breakpoint
CREATE TABLE "stats_geo" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "country" varchar(2) NOT NULL DEFAULT '',
  "language" varchar(8) NOT NULL DEFAULT '',
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "team_id" integer NOT NULL DEFAULT 0,
  "offer_id" integer NOT NULL DEFAULT 0,
  "vertical_id" integer NOT NULL DEFAULT 0,
  "advertiser_id" integer NOT NULL DEFAULT 0,
  "goal_id" integer NOT NULL DEFAULT 0,
  "clicks" bigint NOT NULL DEFAULT 0,
  "unique_clicks" bigint NOT NULL DEFAULT 0,
  "valid_clicks" bigint NOT NULL DEFAULT 0,
  "invalid_clicks" bigint NOT NULL DEFAULT 0,
  "leads" bigint NOT NULL DEFAULT 0,
  "leads_new" bigint NOT NULL DEFAULT 0,
  "leads_trash" bigint NOT NULL DEFAULT 0,
  "leads_hold" bigint NOT NULL DEFAULT 0,
  "leads_invalid" bigint NOT NULL DEFAULT 0,
  "leads_sent" bigint NOT NULL DEFAULT 0,
  "leads_unsent" bigint NOT NULL DEFAULT 0,
  "leads_failed" bigint NOT NULL DEFAULT 0,
  "leads_duplicate" bigint NOT NULL DEFAULT 0,
  "leads_test" bigint NOT NULL DEFAULT 0,
  "conversions" bigint NOT NULL DEFAULT 0,
  "conversions_pending" bigint NOT NULL DEFAULT 0,
  "conversions_hold" bigint NOT NULL DEFAULT 0,
  "conversions_approved" bigint NOT NULL DEFAULT 0,
  "conversions_rejected" bigint NOT NULL DEFAULT 0,
  "revenue" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_hold" numeric(20,8) NOT NULL DEFAULT 0,
  "payout" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_hold" numeric(20,8) NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "country", "language", "affiliate_id", "team_id", "offer_id", "vertical_id", "advertiser_id", "goal_id")
);
--> statement-breakpoint
CREATE INDEX "stats_geo_affiliate_idx" ON "stats_geo" ("affiliate_id", "grain", "bucket");
--> statement-breakpoint
CREATE INDEX "stats_geo_advertiser_idx" ON "stats_geo" ("advertiser_id", "grain", "bucket");
--> statement-breakpoint
CREATE TABLE "stats_device" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "device_type" varchar(32) NOT NULL DEFAULT '',
  "os" varchar(64) NOT NULL DEFAULT '',
  "browser" varchar(64) NOT NULL DEFAULT '',
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "team_id" integer NOT NULL DEFAULT 0,
  "offer_id" integer NOT NULL DEFAULT 0,
  "vertical_id" integer NOT NULL DEFAULT 0,
  "advertiser_id" integer NOT NULL DEFAULT 0,
  "goal_id" integer NOT NULL DEFAULT 0,
  "clicks" bigint NOT NULL DEFAULT 0,
  "unique_clicks" bigint NOT NULL DEFAULT 0,
  "valid_clicks" bigint NOT NULL DEFAULT 0,
  "invalid_clicks" bigint NOT NULL DEFAULT 0,
  "leads" bigint NOT NULL DEFAULT 0,
  "leads_new" bigint NOT NULL DEFAULT 0,
  "leads_trash" bigint NOT NULL DEFAULT 0,
  "leads_hold" bigint NOT NULL DEFAULT 0,
  "leads_invalid" bigint NOT NULL DEFAULT 0,
  "leads_sent" bigint NOT NULL DEFAULT 0,
  "leads_unsent" bigint NOT NULL DEFAULT 0,
  "leads_failed" bigint NOT NULL DEFAULT 0,
  "leads_duplicate" bigint NOT NULL DEFAULT 0,
  "leads_test" bigint NOT NULL DEFAULT 0,
  "conversions" bigint NOT NULL DEFAULT 0,
  "conversions_pending" bigint NOT NULL DEFAULT 0,
  "conversions_hold" bigint NOT NULL DEFAULT 0,
  "conversions_approved" bigint NOT NULL DEFAULT 0,
  "conversions_rejected" bigint NOT NULL DEFAULT 0,
  "revenue" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "revenue_hold" numeric(20,8) NOT NULL DEFAULT 0,
  "payout" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_pending" numeric(20,8) NOT NULL DEFAULT 0,
  "payout_hold" numeric(20,8) NOT NULL DEFAULT 0,
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "device_type", "os", "browser", "affiliate_id", "team_id", "offer_id", "vertical_id", "advertiser_id", "goal_id")
);
--> statement-breakpoint
CREATE INDEX "stats_device_affiliate_idx" ON "stats_device" ("affiliate_id", "grain", "bucket");
--> statement-breakpoint
CREATE INDEX "stats_device_advertiser_idx" ON "stats_device" ("advertiser_id", "grain", "bucket");
--> statement-breakpoint
-- The time of a lead's or conversion's click for dataType=click: the click id is a UUIDv7 whose first 48 bits are the
-- click's Unix milliseconds (tracking/uuid.ts), read from the id itself so the answer never depends on whether the
-- click row was written yet (the click writer flushes every CLICK_FLUSH_MS). Another id: the event's own time.
CREATE OR REPLACE FUNCTION stats_click_time(click_id uuid, own timestamptz) RETURNS timestamptz AS $$
  SELECT CASE WHEN click_id IS NOT NULL AND substr(click_id::text, 15, 1) = '7'
    THEN to_timestamp((('x' || lpad(substr(replace(click_id::text, '-', ''), 1, 12), 16, '0'))::bit(64)::bigint)::double precision / 1000)
    ELSE own END
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_bucket(at timestamptz) RETURNS timestamptz AS $$
  SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- The facts of raw rows: one row per click, two per lead and per conversion (kind 0 at the event's own time, kind 1 at
-- its click's time), each counter multiplied by the source's "sign" column (+1 a row counted, -1 a row taken back).
-- `src` is a query over the table returning its rows plus "sign". ONE definition, used by the triggers (over their
-- transition tables), by the backfill and verifier (over a period of the table) and by the raw query path (subs).
CREATE OR REPLACE FUNCTION stats_facts_sql(tbl text, src text) RETURNS text AS $$
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
    FROM (%s) l CROSS JOIN (VALUES (0::smallint), (1::smallint)) k(kind) LEFT JOIN clicks ck ON ck.id = l.click_id', src)
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
    FROM (%s) v CROSS JOIN (VALUES (0::smallint), (1::smallint)) k(kind) LEFT JOIN leads l ON l.id = v.lead_id LEFT JOIN clicks ck ON ck.id = coalesce(v.click_id, l.click_id) LEFT JOIN offers o ON o.id = v.offer_id', src)
  END;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The statement appending the grouped facts of a query (see stats_facts_sql) to stats_deltas; rows whose counts cancel
-- out are left out. (Returned as text: a trigger's transition tables are seen only by statements the trigger function
-- itself runs.)
CREATE OR REPLACE FUNCTION stats_delta_sql(tbl text, src text) RETURNS text AS $$
BEGIN
  RETURN 'INSERT INTO stats_deltas (bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, country, language, device_type, os, browser, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT stats_bucket(at), kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, country, language, device_type, os, browser, sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold)
    FROM (' || stats_facts_sql(tbl, src) || ') f
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
    HAVING sum(clicks) <> 0 OR sum(unique_clicks) <> 0 OR sum(valid_clicks) <> 0 OR sum(invalid_clicks) <> 0 OR sum(leads) <> 0 OR sum(leads_new) <> 0 OR sum(leads_trash) <> 0 OR sum(leads_hold) <> 0 OR sum(leads_invalid) <> 0 OR sum(leads_sent) <> 0 OR sum(leads_unsent) <> 0 OR sum(leads_failed) <> 0 OR sum(leads_duplicate) <> 0 OR sum(leads_test) <> 0 OR sum(conversions) <> 0 OR sum(conversions_pending) <> 0 OR sum(conversions_hold) <> 0 OR sum(conversions_approved) <> 0 OR sum(conversions_rejected) <> 0 OR sum(revenue) <> 0 OR sum(revenue_pending) <> 0 OR sum(revenue_hold) <> 0 OR sum(payout) <> 0 OR sum(payout_pending) <> 0 OR sum(payout_hold) <> 0';
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The statement triggers of clicks, leads and conversions: inserted rows counted, deleted ones taken back, an update
-- takes back the old image and counts the new one of the rows whose counted columns changed (a status change moves a
-- count from one status to another and never double counts).
CREATE OR REPLACE FUNCTION stats_rows_changed() RETURNS trigger AS $$
DECLARE changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE stats_delta_sql(TG_TABLE_NAME, 'SELECT *, 1 AS sign FROM stats_new');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE stats_delta_sql(TG_TABLE_NAME, 'SELECT *, -1 AS sign FROM stats_old');
  ELSE
    changed := CASE TG_TABLE_NAME
      WHEN 'clicks' THEN 'n.created_at IS DISTINCT FROM o.created_at OR n.status IS DISTINCT FROM o.status OR n.is_unique IS DISTINCT FROM o.is_unique OR n.affiliate_id IS DISTINCT FROM o.affiliate_id OR n.team_id IS DISTINCT FROM o.team_id OR n.offer_id IS DISTINCT FROM o.offer_id OR n.campaign_id IS DISTINCT FROM o.campaign_id OR n.lander_id IS DISTINCT FROM o.lander_id OR n.traffic_source_id IS DISTINCT FROM o.traffic_source_id OR n.country IS DISTINCT FROM o.country OR n.language IS DISTINCT FROM o.language OR n.device_type IS DISTINCT FROM o.device_type OR n.os IS DISTINCT FROM o.os OR n.browser IS DISTINCT FROM o.browser'
      WHEN 'leads' THEN 'n.created_at IS DISTINCT FROM o.created_at OR n.status IS DISTINCT FROM o.status OR n.is_test IS DISTINCT FROM o.is_test OR n.affiliate_id IS DISTINCT FROM o.affiliate_id OR n.team_id IS DISTINCT FROM o.team_id OR n.offer_id IS DISTINCT FROM o.offer_id OR n.campaign_id IS DISTINCT FROM o.campaign_id OR n.vertical_id IS DISTINCT FROM o.vertical_id OR n.advertiser_id IS DISTINCT FROM o.advertiser_id OR n.integration_id IS DISTINCT FROM o.integration_id OR n.lander_id IS DISTINCT FROM o.lander_id OR n.country IS DISTINCT FROM o.country OR n.language IS DISTINCT FROM o.language OR n.click_id IS DISTINCT FROM o.click_id'
      ELSE 'n.created_at IS DISTINCT FROM o.created_at OR n.status IS DISTINCT FROM o.status OR n.is_hidden IS DISTINCT FROM o.is_hidden OR n.base_revenue IS DISTINCT FROM o.base_revenue OR n.base_payout IS DISTINCT FROM o.base_payout OR n.affiliate_id IS DISTINCT FROM o.affiliate_id OR n.team_id IS DISTINCT FROM o.team_id OR n.offer_id IS DISTINCT FROM o.offer_id OR n.campaign_id IS DISTINCT FROM o.campaign_id OR n.advertiser_id IS DISTINCT FROM o.advertiser_id OR n.goal_id IS DISTINCT FROM o.goal_id OR n.lead_id IS DISTINCT FROM o.lead_id OR n.click_id IS DISTINCT FROM o.click_id' END;
    EXECUTE stats_delta_sql(TG_TABLE_NAME,
      'SELECT n.*, 1 AS sign FROM stats_new n JOIN stats_old o ON o.id = n.id WHERE ' || changed ||
      ' UNION ALL SELECT o.*, -1 AS sign FROM stats_old o JOIN stats_new n ON n.id = o.id WHERE ' || changed);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "clicks_stats_insert" AFTER INSERT ON "clicks" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "clicks_stats_update" AFTER UPDATE ON "clicks" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "clicks_stats_delete" AFTER DELETE ON "clicks" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "leads_stats_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "leads_stats_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "leads_stats_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "conversions_stats_insert" AFTER INSERT ON "conversions" REFERENCING NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "conversions_stats_update" AFTER UPDATE ON "conversions" REFERENCING OLD TABLE AS stats_old NEW TABLE AS stats_new FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "conversions_stats_delete" AFTER DELETE ON "conversions" REFERENCING OLD TABLE AS stats_old FOR EACH STATEMENT EXECUTE FUNCTION stats_rows_changed();
--> statement-breakpoint
-- Folds the committed deltas into the cubes (15 minutes, hour and UTC day grains) and deletes them, in one statement;
-- one compactor at a time (an advisory lock; a second caller returns -1 at once). Deltas not committed yet are not
-- seen and stay for the next run. Returns the number of deltas folded.
CREATE OR REPLACE FUNCTION stats_compact() RETURNS integer AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7316150015) THEN RETURN -1; END IF;
  WITH d AS (DELETE FROM stats_deltas RETURNING *), time AS (
    INSERT INTO stats_time (grain, bucket, kind, hidden, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (grain, bucket, kind, hidden) DO UPDATE SET clicks = stats_time.clicks + excluded.clicks, unique_clicks = stats_time.unique_clicks + excluded.unique_clicks, valid_clicks = stats_time.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_time.invalid_clicks + excluded.invalid_clicks, leads = stats_time.leads + excluded.leads, leads_new = stats_time.leads_new + excluded.leads_new, leads_trash = stats_time.leads_trash + excluded.leads_trash, leads_hold = stats_time.leads_hold + excluded.leads_hold, leads_invalid = stats_time.leads_invalid + excluded.leads_invalid, leads_sent = stats_time.leads_sent + excluded.leads_sent, leads_unsent = stats_time.leads_unsent + excluded.leads_unsent, leads_failed = stats_time.leads_failed + excluded.leads_failed, leads_duplicate = stats_time.leads_duplicate + excluded.leads_duplicate, leads_test = stats_time.leads_test + excluded.leads_test, conversions = stats_time.conversions + excluded.conversions, conversions_pending = stats_time.conversions_pending + excluded.conversions_pending, conversions_hold = stats_time.conversions_hold + excluded.conversions_hold, conversions_approved = stats_time.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_time.conversions_rejected + excluded.conversions_rejected, revenue = stats_time.revenue + excluded.revenue, revenue_pending = stats_time.revenue_pending + excluded.revenue_pending, revenue_hold = stats_time.revenue_hold + excluded.revenue_hold, payout = stats_time.payout + excluded.payout, payout_pending = stats_time.payout_pending + excluded.payout_pending, payout_hold = stats_time.payout_hold + excluded.payout_hold
    RETURNING 1), entity AS (
    INSERT INTO stats_entity (grain, bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.affiliate_id, d.team_id, d.offer_id, d.campaign_id, d.vertical_id, d.advertiser_id, d.integration_id, d.goal_id, d.lander_id, d.traffic_source_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ON CONFLICT (grain, bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id) DO UPDATE SET clicks = stats_entity.clicks + excluded.clicks, unique_clicks = stats_entity.unique_clicks + excluded.unique_clicks, valid_clicks = stats_entity.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_entity.invalid_clicks + excluded.invalid_clicks, leads = stats_entity.leads + excluded.leads, leads_new = stats_entity.leads_new + excluded.leads_new, leads_trash = stats_entity.leads_trash + excluded.leads_trash, leads_hold = stats_entity.leads_hold + excluded.leads_hold, leads_invalid = stats_entity.leads_invalid + excluded.leads_invalid, leads_sent = stats_entity.leads_sent + excluded.leads_sent, leads_unsent = stats_entity.leads_unsent + excluded.leads_unsent, leads_failed = stats_entity.leads_failed + excluded.leads_failed, leads_duplicate = stats_entity.leads_duplicate + excluded.leads_duplicate, leads_test = stats_entity.leads_test + excluded.leads_test, conversions = stats_entity.conversions + excluded.conversions, conversions_pending = stats_entity.conversions_pending + excluded.conversions_pending, conversions_hold = stats_entity.conversions_hold + excluded.conversions_hold, conversions_approved = stats_entity.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_entity.conversions_rejected + excluded.conversions_rejected, revenue = stats_entity.revenue + excluded.revenue, revenue_pending = stats_entity.revenue_pending + excluded.revenue_pending, revenue_hold = stats_entity.revenue_hold + excluded.revenue_hold, payout = stats_entity.payout + excluded.payout, payout_pending = stats_entity.payout_pending + excluded.payout_pending, payout_hold = stats_entity.payout_hold + excluded.payout_hold
    RETURNING 1), geo AS (
    INSERT INTO stats_geo (grain, bucket, kind, hidden, country, language, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.country, d.language, d.affiliate_id, d.team_id, d.offer_id, d.vertical_id, d.advertiser_id, d.goal_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ON CONFLICT (grain, bucket, kind, hidden, country, language, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id) DO UPDATE SET clicks = stats_geo.clicks + excluded.clicks, unique_clicks = stats_geo.unique_clicks + excluded.unique_clicks, valid_clicks = stats_geo.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_geo.invalid_clicks + excluded.invalid_clicks, leads = stats_geo.leads + excluded.leads, leads_new = stats_geo.leads_new + excluded.leads_new, leads_trash = stats_geo.leads_trash + excluded.leads_trash, leads_hold = stats_geo.leads_hold + excluded.leads_hold, leads_invalid = stats_geo.leads_invalid + excluded.leads_invalid, leads_sent = stats_geo.leads_sent + excluded.leads_sent, leads_unsent = stats_geo.leads_unsent + excluded.leads_unsent, leads_failed = stats_geo.leads_failed + excluded.leads_failed, leads_duplicate = stats_geo.leads_duplicate + excluded.leads_duplicate, leads_test = stats_geo.leads_test + excluded.leads_test, conversions = stats_geo.conversions + excluded.conversions, conversions_pending = stats_geo.conversions_pending + excluded.conversions_pending, conversions_hold = stats_geo.conversions_hold + excluded.conversions_hold, conversions_approved = stats_geo.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_geo.conversions_rejected + excluded.conversions_rejected, revenue = stats_geo.revenue + excluded.revenue, revenue_pending = stats_geo.revenue_pending + excluded.revenue_pending, revenue_hold = stats_geo.revenue_hold + excluded.revenue_hold, payout = stats_geo.payout + excluded.payout, payout_pending = stats_geo.payout_pending + excluded.payout_pending, payout_hold = stats_geo.payout_hold + excluded.payout_hold
    RETURNING 1), device AS (
    INSERT INTO stats_device (grain, bucket, kind, hidden, device_type, os, browser, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.device_type, d.os, d.browser, d.affiliate_id, d.team_id, d.offer_id, d.vertical_id, d.advertiser_id, d.goal_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ON CONFLICT (grain, bucket, kind, hidden, device_type, os, browser, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id) DO UPDATE SET clicks = stats_device.clicks + excluded.clicks, unique_clicks = stats_device.unique_clicks + excluded.unique_clicks, valid_clicks = stats_device.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_device.invalid_clicks + excluded.invalid_clicks, leads = stats_device.leads + excluded.leads, leads_new = stats_device.leads_new + excluded.leads_new, leads_trash = stats_device.leads_trash + excluded.leads_trash, leads_hold = stats_device.leads_hold + excluded.leads_hold, leads_invalid = stats_device.leads_invalid + excluded.leads_invalid, leads_sent = stats_device.leads_sent + excluded.leads_sent, leads_unsent = stats_device.leads_unsent + excluded.leads_unsent, leads_failed = stats_device.leads_failed + excluded.leads_failed, leads_duplicate = stats_device.leads_duplicate + excluded.leads_duplicate, leads_test = stats_device.leads_test + excluded.leads_test, conversions = stats_device.conversions + excluded.conversions, conversions_pending = stats_device.conversions_pending + excluded.conversions_pending, conversions_hold = stats_device.conversions_hold + excluded.conversions_hold, conversions_approved = stats_device.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_device.conversions_rejected + excluded.conversions_rejected, revenue = stats_device.revenue + excluded.revenue, revenue_pending = stats_device.revenue_pending + excluded.revenue_pending, revenue_hold = stats_device.revenue_hold + excluded.revenue_hold, payout = stats_device.payout + excluded.payout, payout_pending = stats_device.payout_pending + excluded.payout_pending, payout_hold = stats_device.payout_hold + excluded.payout_hold
    RETURNING 1)
  SELECT count(*) INTO n FROM d;
  RETURN n;
END;
$$ LANGUAGE plpgsql;
