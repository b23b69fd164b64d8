-- Narrow cubes and the sub1 roll-up (docs/decisions/insights.md "Narrow cubes"). The wide cubes of migration 0015 key every
-- click by nearly all its dimensions, so "30 days by offer" summed ~330k day rows at a tenth of the benchmark's scale.
-- These cubes are keyed by ONE grouped dimension plus what filters it (a vertical with its offer, a team with its
-- affiliate), at hour and UTC-day grains (a zone's 15-minute edges are read from the wide cubes, periods.ts), and
-- stats_sub1 counts day x affiliate x offer x sub1 (sub1's range edges are read from the raw rows). The same deltas
-- feed them: stats_deltas gains sub1, stats_delta_sql groups by it, and stats_compact folds into every cube in its one
-- statement. Existing roll-ups are folded first (old deltas have no sub1), then the new cubes are filled from the
-- wide cubes (exact: the same facts summed over fewer keys) and stats_sub1 from the raw rows.
LOCK TABLE stats_deltas IN EXCLUSIVE MODE;
--> statement-breakpoint
SELECT stats_compact();
--> statement-breakpoint
ALTER TABLE "stats_deltas" ADD COLUMN "sub1" varchar(255) NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE TABLE "stats_offer" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "offer_id" integer NOT NULL DEFAULT 0,
  "vertical_id" integer NOT NULL DEFAULT 0,
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
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "offer_id", "vertical_id")
);
--> statement-breakpoint
INSERT INTO "stats_offer" (grain, bucket, kind, hidden, offer_id, vertical_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
  SELECT grain, bucket, kind, hidden, offer_id, vertical_id, sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold) FROM stats_entity WHERE grain IN (1, 2)
  GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TABLE "stats_affiliate" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "team_id" integer NOT NULL DEFAULT 0,
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
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "affiliate_id", "team_id")
);
--> statement-breakpoint
CREATE INDEX "stats_affiliate_affiliate_id_idx" ON "stats_affiliate" ("affiliate_id", "grain", "bucket");
--> statement-breakpoint
CREATE INDEX "stats_affiliate_team_id_idx" ON "stats_affiliate" ("team_id", "grain", "bucket");
--> statement-breakpoint
INSERT INTO "stats_affiliate" (grain, bucket, kind, hidden, affiliate_id, team_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
  SELECT grain, bucket, kind, hidden, affiliate_id, team_id, sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold) FROM stats_entity WHERE grain IN (1, 2)
  GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TABLE "stats_country" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "country" varchar(2) NOT NULL DEFAULT '',
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
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "country")
);
--> statement-breakpoint
INSERT INTO "stats_country" (grain, bucket, kind, hidden, country, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
  SELECT grain, bucket, kind, hidden, country, sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold) FROM stats_geo WHERE grain IN (1, 2)
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TABLE "stats_advertiser" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "advertiser_id" integer NOT NULL DEFAULT 0,
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
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "advertiser_id")
);
--> statement-breakpoint
CREATE INDEX "stats_advertiser_advertiser_id_idx" ON "stats_advertiser" ("advertiser_id", "grain", "bucket");
--> statement-breakpoint
INSERT INTO "stats_advertiser" (grain, bucket, kind, hidden, advertiser_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
  SELECT grain, bucket, kind, hidden, advertiser_id, sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold) FROM stats_entity WHERE grain IN (1, 2)
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TABLE "stats_sub1" (
  "grain" smallint NOT NULL,
  "bucket" timestamptz NOT NULL,
  "kind" smallint NOT NULL,
  "hidden" boolean NOT NULL,
  "affiliate_id" integer NOT NULL DEFAULT 0,
  "offer_id" integer NOT NULL DEFAULT 0,
  "sub1" varchar(255) NOT NULL DEFAULT '',
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
  PRIMARY KEY ("grain", "bucket", "kind", "hidden", "affiliate_id", "offer_id", "sub1")
);
--> statement-breakpoint
CREATE INDEX "stats_sub1_affiliate_id_idx" ON "stats_sub1" ("affiliate_id", "grain", "bucket");
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE 'INSERT INTO stats_sub1 (grain, bucket, kind, hidden, affiliate_id, offer_id, sub1, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT 2::smallint, date_bin(''1 day'', at, timestamptz ''2000-01-01 00:00:00+00''), kind, hidden, affiliate_id, offer_id, coalesce(sub1, ''''), sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold)
    FROM (' || stats_facts_sql('clicks', 'SELECT *, 1 AS sign FROM clicks') || ' UNION ALL ' || stats_facts_sql('leads', 'SELECT *, 1 AS sign FROM leads') || ' UNION ALL ' || stats_facts_sql('conversions', 'SELECT *, 1 AS sign FROM conversions') || ') f
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(clicks) <> 0 OR sum(unique_clicks) <> 0 OR sum(valid_clicks) <> 0 OR sum(invalid_clicks) <> 0 OR sum(leads) <> 0 OR sum(leads_new) <> 0 OR sum(leads_trash) <> 0 OR sum(leads_hold) <> 0 OR sum(leads_invalid) <> 0 OR sum(leads_sent) <> 0 OR sum(leads_unsent) <> 0 OR sum(leads_failed) <> 0 OR sum(leads_duplicate) <> 0 OR sum(leads_test) <> 0 OR sum(conversions) <> 0 OR sum(conversions_pending) <> 0 OR sum(conversions_hold) <> 0 OR sum(conversions_approved) <> 0 OR sum(conversions_rejected) <> 0 OR sum(revenue) <> 0 OR sum(revenue_pending) <> 0 OR sum(revenue_hold) <> 0 OR sum(payout) <> 0 OR sum(payout_pending) <> 0 OR sum(payout_hold) <> 0';
END $$;
--> statement-breakpoint
-- as in migration 0015, plus sub1 (stored '' when empty, like the other text dimensions)
CREATE OR REPLACE FUNCTION stats_delta_sql(tbl text, src text) RETURNS text AS $$
BEGIN
  RETURN 'INSERT INTO stats_deltas (bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, country, language, device_type, os, browser, sub1, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT stats_bucket(at), kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, country, language, device_type, os, browser, coalesce(sub1, ''''), sum(clicks), sum(unique_clicks), sum(valid_clicks), sum(invalid_clicks), sum(leads), sum(leads_new), sum(leads_trash), sum(leads_hold), sum(leads_invalid), sum(leads_sent), sum(leads_unsent), sum(leads_failed), sum(leads_duplicate), sum(leads_test), sum(conversions), sum(conversions_pending), sum(conversions_hold), sum(conversions_approved), sum(conversions_rejected), sum(revenue), sum(revenue_pending), sum(revenue_hold), sum(payout), sum(payout_pending), sum(payout_hold)
    FROM (' || stats_facts_sql(tbl, src) || ') f
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
    HAVING sum(clicks) <> 0 OR sum(unique_clicks) <> 0 OR sum(valid_clicks) <> 0 OR sum(invalid_clicks) <> 0 OR sum(leads) <> 0 OR sum(leads_new) <> 0 OR sum(leads_trash) <> 0 OR sum(leads_hold) <> 0 OR sum(leads_invalid) <> 0 OR sum(leads_sent) <> 0 OR sum(leads_unsent) <> 0 OR sum(leads_failed) <> 0 OR sum(leads_duplicate) <> 0 OR sum(leads_test) <> 0 OR sum(conversions) <> 0 OR sum(conversions_pending) <> 0 OR sum(conversions_hold) <> 0 OR sum(conversions_approved) <> 0 OR sum(conversions_rejected) <> 0 OR sum(revenue) <> 0 OR sum(revenue_pending) <> 0 OR sum(revenue_hold) <> 0 OR sum(payout) <> 0 OR sum(payout_pending) <> 0 OR sum(payout_hold) <> 0';
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- as in migration 0015, folding into the narrow cubes and stats_sub1 too (each at its own grains)
CREATE OR REPLACE FUNCTION stats_compact() RETURNS integer AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7316150015) THEN RETURN -1; END IF;
  WITH d AS (DELETE FROM stats_deltas RETURNING *), c0 AS (
    INSERT INTO stats_time (grain, bucket, kind, hidden, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (grain, bucket, kind, hidden) DO UPDATE SET clicks = stats_time.clicks + excluded.clicks, unique_clicks = stats_time.unique_clicks + excluded.unique_clicks, valid_clicks = stats_time.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_time.invalid_clicks + excluded.invalid_clicks, leads = stats_time.leads + excluded.leads, leads_new = stats_time.leads_new + excluded.leads_new, leads_trash = stats_time.leads_trash + excluded.leads_trash, leads_hold = stats_time.leads_hold + excluded.leads_hold, leads_invalid = stats_time.leads_invalid + excluded.leads_invalid, leads_sent = stats_time.leads_sent + excluded.leads_sent, leads_unsent = stats_time.leads_unsent + excluded.leads_unsent, leads_failed = stats_time.leads_failed + excluded.leads_failed, leads_duplicate = stats_time.leads_duplicate + excluded.leads_duplicate, leads_test = stats_time.leads_test + excluded.leads_test, conversions = stats_time.conversions + excluded.conversions, conversions_pending = stats_time.conversions_pending + excluded.conversions_pending, conversions_hold = stats_time.conversions_hold + excluded.conversions_hold, conversions_approved = stats_time.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_time.conversions_rejected + excluded.conversions_rejected, revenue = stats_time.revenue + excluded.revenue, revenue_pending = stats_time.revenue_pending + excluded.revenue_pending, revenue_hold = stats_time.revenue_hold + excluded.revenue_hold, payout = stats_time.payout + excluded.payout, payout_pending = stats_time.payout_pending + excluded.payout_pending, payout_hold = stats_time.payout_hold + excluded.payout_hold
    RETURNING 1), c1 AS (
    INSERT INTO stats_entity (grain, bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.affiliate_id, d.team_id, d.offer_id, d.campaign_id, d.vertical_id, d.advertiser_id, d.integration_id, d.goal_id, d.lander_id, d.traffic_source_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ON CONFLICT (grain, bucket, kind, hidden, affiliate_id, team_id, offer_id, campaign_id, vertical_id, advertiser_id, integration_id, goal_id, lander_id, traffic_source_id) DO UPDATE SET clicks = stats_entity.clicks + excluded.clicks, unique_clicks = stats_entity.unique_clicks + excluded.unique_clicks, valid_clicks = stats_entity.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_entity.invalid_clicks + excluded.invalid_clicks, leads = stats_entity.leads + excluded.leads, leads_new = stats_entity.leads_new + excluded.leads_new, leads_trash = stats_entity.leads_trash + excluded.leads_trash, leads_hold = stats_entity.leads_hold + excluded.leads_hold, leads_invalid = stats_entity.leads_invalid + excluded.leads_invalid, leads_sent = stats_entity.leads_sent + excluded.leads_sent, leads_unsent = stats_entity.leads_unsent + excluded.leads_unsent, leads_failed = stats_entity.leads_failed + excluded.leads_failed, leads_duplicate = stats_entity.leads_duplicate + excluded.leads_duplicate, leads_test = stats_entity.leads_test + excluded.leads_test, conversions = stats_entity.conversions + excluded.conversions, conversions_pending = stats_entity.conversions_pending + excluded.conversions_pending, conversions_hold = stats_entity.conversions_hold + excluded.conversions_hold, conversions_approved = stats_entity.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_entity.conversions_rejected + excluded.conversions_rejected, revenue = stats_entity.revenue + excluded.revenue, revenue_pending = stats_entity.revenue_pending + excluded.revenue_pending, revenue_hold = stats_entity.revenue_hold + excluded.revenue_hold, payout = stats_entity.payout + excluded.payout, payout_pending = stats_entity.payout_pending + excluded.payout_pending, payout_hold = stats_entity.payout_hold + excluded.payout_hold
    RETURNING 1), c2 AS (
    INSERT INTO stats_geo (grain, bucket, kind, hidden, country, language, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.country, d.language, d.affiliate_id, d.team_id, d.offer_id, d.vertical_id, d.advertiser_id, d.goal_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    ON CONFLICT (grain, bucket, kind, hidden, country, language, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id) DO UPDATE SET clicks = stats_geo.clicks + excluded.clicks, unique_clicks = stats_geo.unique_clicks + excluded.unique_clicks, valid_clicks = stats_geo.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_geo.invalid_clicks + excluded.invalid_clicks, leads = stats_geo.leads + excluded.leads, leads_new = stats_geo.leads_new + excluded.leads_new, leads_trash = stats_geo.leads_trash + excluded.leads_trash, leads_hold = stats_geo.leads_hold + excluded.leads_hold, leads_invalid = stats_geo.leads_invalid + excluded.leads_invalid, leads_sent = stats_geo.leads_sent + excluded.leads_sent, leads_unsent = stats_geo.leads_unsent + excluded.leads_unsent, leads_failed = stats_geo.leads_failed + excluded.leads_failed, leads_duplicate = stats_geo.leads_duplicate + excluded.leads_duplicate, leads_test = stats_geo.leads_test + excluded.leads_test, conversions = stats_geo.conversions + excluded.conversions, conversions_pending = stats_geo.conversions_pending + excluded.conversions_pending, conversions_hold = stats_geo.conversions_hold + excluded.conversions_hold, conversions_approved = stats_geo.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_geo.conversions_rejected + excluded.conversions_rejected, revenue = stats_geo.revenue + excluded.revenue, revenue_pending = stats_geo.revenue_pending + excluded.revenue_pending, revenue_hold = stats_geo.revenue_hold + excluded.revenue_hold, payout = stats_geo.payout + excluded.payout, payout_pending = stats_geo.payout_pending + excluded.payout_pending, payout_hold = stats_geo.payout_hold + excluded.payout_hold
    RETURNING 1), c3 AS (
    INSERT INTO stats_device (grain, bucket, kind, hidden, device_type, os, browser, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.device_type, d.os, d.browser, d.affiliate_id, d.team_id, d.offer_id, d.vertical_id, d.advertiser_id, d.goal_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (0::smallint, interval '15 minutes'), (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ON CONFLICT (grain, bucket, kind, hidden, device_type, os, browser, affiliate_id, team_id, offer_id, vertical_id, advertiser_id, goal_id) DO UPDATE SET clicks = stats_device.clicks + excluded.clicks, unique_clicks = stats_device.unique_clicks + excluded.unique_clicks, valid_clicks = stats_device.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_device.invalid_clicks + excluded.invalid_clicks, leads = stats_device.leads + excluded.leads, leads_new = stats_device.leads_new + excluded.leads_new, leads_trash = stats_device.leads_trash + excluded.leads_trash, leads_hold = stats_device.leads_hold + excluded.leads_hold, leads_invalid = stats_device.leads_invalid + excluded.leads_invalid, leads_sent = stats_device.leads_sent + excluded.leads_sent, leads_unsent = stats_device.leads_unsent + excluded.leads_unsent, leads_failed = stats_device.leads_failed + excluded.leads_failed, leads_duplicate = stats_device.leads_duplicate + excluded.leads_duplicate, leads_test = stats_device.leads_test + excluded.leads_test, conversions = stats_device.conversions + excluded.conversions, conversions_pending = stats_device.conversions_pending + excluded.conversions_pending, conversions_hold = stats_device.conversions_hold + excluded.conversions_hold, conversions_approved = stats_device.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_device.conversions_rejected + excluded.conversions_rejected, revenue = stats_device.revenue + excluded.revenue, revenue_pending = stats_device.revenue_pending + excluded.revenue_pending, revenue_hold = stats_device.revenue_hold + excluded.revenue_hold, payout = stats_device.payout + excluded.payout, payout_pending = stats_device.payout_pending + excluded.payout_pending, payout_hold = stats_device.payout_hold + excluded.payout_hold
    RETURNING 1), c4 AS (
    INSERT INTO stats_offer (grain, bucket, kind, hidden, offer_id, vertical_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.offer_id, d.vertical_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (grain, bucket, kind, hidden, offer_id, vertical_id) DO UPDATE SET clicks = stats_offer.clicks + excluded.clicks, unique_clicks = stats_offer.unique_clicks + excluded.unique_clicks, valid_clicks = stats_offer.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_offer.invalid_clicks + excluded.invalid_clicks, leads = stats_offer.leads + excluded.leads, leads_new = stats_offer.leads_new + excluded.leads_new, leads_trash = stats_offer.leads_trash + excluded.leads_trash, leads_hold = stats_offer.leads_hold + excluded.leads_hold, leads_invalid = stats_offer.leads_invalid + excluded.leads_invalid, leads_sent = stats_offer.leads_sent + excluded.leads_sent, leads_unsent = stats_offer.leads_unsent + excluded.leads_unsent, leads_failed = stats_offer.leads_failed + excluded.leads_failed, leads_duplicate = stats_offer.leads_duplicate + excluded.leads_duplicate, leads_test = stats_offer.leads_test + excluded.leads_test, conversions = stats_offer.conversions + excluded.conversions, conversions_pending = stats_offer.conversions_pending + excluded.conversions_pending, conversions_hold = stats_offer.conversions_hold + excluded.conversions_hold, conversions_approved = stats_offer.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_offer.conversions_rejected + excluded.conversions_rejected, revenue = stats_offer.revenue + excluded.revenue, revenue_pending = stats_offer.revenue_pending + excluded.revenue_pending, revenue_hold = stats_offer.revenue_hold + excluded.revenue_hold, payout = stats_offer.payout + excluded.payout, payout_pending = stats_offer.payout_pending + excluded.payout_pending, payout_hold = stats_offer.payout_hold + excluded.payout_hold
    RETURNING 1), c5 AS (
    INSERT INTO stats_affiliate (grain, bucket, kind, hidden, affiliate_id, team_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.affiliate_id, d.team_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (grain, bucket, kind, hidden, affiliate_id, team_id) DO UPDATE SET clicks = stats_affiliate.clicks + excluded.clicks, unique_clicks = stats_affiliate.unique_clicks + excluded.unique_clicks, valid_clicks = stats_affiliate.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_affiliate.invalid_clicks + excluded.invalid_clicks, leads = stats_affiliate.leads + excluded.leads, leads_new = stats_affiliate.leads_new + excluded.leads_new, leads_trash = stats_affiliate.leads_trash + excluded.leads_trash, leads_hold = stats_affiliate.leads_hold + excluded.leads_hold, leads_invalid = stats_affiliate.leads_invalid + excluded.leads_invalid, leads_sent = stats_affiliate.leads_sent + excluded.leads_sent, leads_unsent = stats_affiliate.leads_unsent + excluded.leads_unsent, leads_failed = stats_affiliate.leads_failed + excluded.leads_failed, leads_duplicate = stats_affiliate.leads_duplicate + excluded.leads_duplicate, leads_test = stats_affiliate.leads_test + excluded.leads_test, conversions = stats_affiliate.conversions + excluded.conversions, conversions_pending = stats_affiliate.conversions_pending + excluded.conversions_pending, conversions_hold = stats_affiliate.conversions_hold + excluded.conversions_hold, conversions_approved = stats_affiliate.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_affiliate.conversions_rejected + excluded.conversions_rejected, revenue = stats_affiliate.revenue + excluded.revenue, revenue_pending = stats_affiliate.revenue_pending + excluded.revenue_pending, revenue_hold = stats_affiliate.revenue_hold + excluded.revenue_hold, payout = stats_affiliate.payout + excluded.payout, payout_pending = stats_affiliate.payout_pending + excluded.payout_pending, payout_hold = stats_affiliate.payout_hold + excluded.payout_hold
    RETURNING 1), c6 AS (
    INSERT INTO stats_country (grain, bucket, kind, hidden, country, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.country, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (grain, bucket, kind, hidden, country) DO UPDATE SET clicks = stats_country.clicks + excluded.clicks, unique_clicks = stats_country.unique_clicks + excluded.unique_clicks, valid_clicks = stats_country.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_country.invalid_clicks + excluded.invalid_clicks, leads = stats_country.leads + excluded.leads, leads_new = stats_country.leads_new + excluded.leads_new, leads_trash = stats_country.leads_trash + excluded.leads_trash, leads_hold = stats_country.leads_hold + excluded.leads_hold, leads_invalid = stats_country.leads_invalid + excluded.leads_invalid, leads_sent = stats_country.leads_sent + excluded.leads_sent, leads_unsent = stats_country.leads_unsent + excluded.leads_unsent, leads_failed = stats_country.leads_failed + excluded.leads_failed, leads_duplicate = stats_country.leads_duplicate + excluded.leads_duplicate, leads_test = stats_country.leads_test + excluded.leads_test, conversions = stats_country.conversions + excluded.conversions, conversions_pending = stats_country.conversions_pending + excluded.conversions_pending, conversions_hold = stats_country.conversions_hold + excluded.conversions_hold, conversions_approved = stats_country.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_country.conversions_rejected + excluded.conversions_rejected, revenue = stats_country.revenue + excluded.revenue, revenue_pending = stats_country.revenue_pending + excluded.revenue_pending, revenue_hold = stats_country.revenue_hold + excluded.revenue_hold, payout = stats_country.payout + excluded.payout, payout_pending = stats_country.payout_pending + excluded.payout_pending, payout_hold = stats_country.payout_hold + excluded.payout_hold
    RETURNING 1), c7 AS (
    INSERT INTO stats_advertiser (grain, bucket, kind, hidden, advertiser_id, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.advertiser_id, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (1::smallint, interval '1 hour'), (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (grain, bucket, kind, hidden, advertiser_id) DO UPDATE SET clicks = stats_advertiser.clicks + excluded.clicks, unique_clicks = stats_advertiser.unique_clicks + excluded.unique_clicks, valid_clicks = stats_advertiser.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_advertiser.invalid_clicks + excluded.invalid_clicks, leads = stats_advertiser.leads + excluded.leads, leads_new = stats_advertiser.leads_new + excluded.leads_new, leads_trash = stats_advertiser.leads_trash + excluded.leads_trash, leads_hold = stats_advertiser.leads_hold + excluded.leads_hold, leads_invalid = stats_advertiser.leads_invalid + excluded.leads_invalid, leads_sent = stats_advertiser.leads_sent + excluded.leads_sent, leads_unsent = stats_advertiser.leads_unsent + excluded.leads_unsent, leads_failed = stats_advertiser.leads_failed + excluded.leads_failed, leads_duplicate = stats_advertiser.leads_duplicate + excluded.leads_duplicate, leads_test = stats_advertiser.leads_test + excluded.leads_test, conversions = stats_advertiser.conversions + excluded.conversions, conversions_pending = stats_advertiser.conversions_pending + excluded.conversions_pending, conversions_hold = stats_advertiser.conversions_hold + excluded.conversions_hold, conversions_approved = stats_advertiser.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_advertiser.conversions_rejected + excluded.conversions_rejected, revenue = stats_advertiser.revenue + excluded.revenue, revenue_pending = stats_advertiser.revenue_pending + excluded.revenue_pending, revenue_hold = stats_advertiser.revenue_hold + excluded.revenue_hold, payout = stats_advertiser.payout + excluded.payout, payout_pending = stats_advertiser.payout_pending + excluded.payout_pending, payout_hold = stats_advertiser.payout_hold + excluded.payout_hold
    RETURNING 1), c8 AS (
    INSERT INTO stats_sub1 (grain, bucket, kind, hidden, affiliate_id, offer_id, sub1, clicks, unique_clicks, valid_clicks, invalid_clicks, leads, leads_new, leads_trash, leads_hold, leads_invalid, leads_sent, leads_unsent, leads_failed, leads_duplicate, leads_test, conversions, conversions_pending, conversions_hold, conversions_approved, conversions_rejected, revenue, revenue_pending, revenue_hold, payout, payout_pending, payout_hold)
    SELECT g.grain, date_bin(g.stride, d.bucket, timestamptz '2000-01-01 00:00:00+00'), d.kind, d.hidden, d.affiliate_id, d.offer_id, d.sub1, sum(d.clicks), sum(d.unique_clicks), sum(d.valid_clicks), sum(d.invalid_clicks), sum(d.leads), sum(d.leads_new), sum(d.leads_trash), sum(d.leads_hold), sum(d.leads_invalid), sum(d.leads_sent), sum(d.leads_unsent), sum(d.leads_failed), sum(d.leads_duplicate), sum(d.leads_test), sum(d.conversions), sum(d.conversions_pending), sum(d.conversions_hold), sum(d.conversions_approved), sum(d.conversions_rejected), sum(d.revenue), sum(d.revenue_pending), sum(d.revenue_hold), sum(d.payout), sum(d.payout_pending), sum(d.payout_hold)
    FROM d CROSS JOIN (VALUES (2::smallint, interval '1 day')) g(grain, stride)
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (grain, bucket, kind, hidden, affiliate_id, offer_id, sub1) DO UPDATE SET clicks = stats_sub1.clicks + excluded.clicks, unique_clicks = stats_sub1.unique_clicks + excluded.unique_clicks, valid_clicks = stats_sub1.valid_clicks + excluded.valid_clicks, invalid_clicks = stats_sub1.invalid_clicks + excluded.invalid_clicks, leads = stats_sub1.leads + excluded.leads, leads_new = stats_sub1.leads_new + excluded.leads_new, leads_trash = stats_sub1.leads_trash + excluded.leads_trash, leads_hold = stats_sub1.leads_hold + excluded.leads_hold, leads_invalid = stats_sub1.leads_invalid + excluded.leads_invalid, leads_sent = stats_sub1.leads_sent + excluded.leads_sent, leads_unsent = stats_sub1.leads_unsent + excluded.leads_unsent, leads_failed = stats_sub1.leads_failed + excluded.leads_failed, leads_duplicate = stats_sub1.leads_duplicate + excluded.leads_duplicate, leads_test = stats_sub1.leads_test + excluded.leads_test, conversions = stats_sub1.conversions + excluded.conversions, conversions_pending = stats_sub1.conversions_pending + excluded.conversions_pending, conversions_hold = stats_sub1.conversions_hold + excluded.conversions_hold, conversions_approved = stats_sub1.conversions_approved + excluded.conversions_approved, conversions_rejected = stats_sub1.conversions_rejected + excluded.conversions_rejected, revenue = stats_sub1.revenue + excluded.revenue, revenue_pending = stats_sub1.revenue_pending + excluded.revenue_pending, revenue_hold = stats_sub1.revenue_hold + excluded.revenue_hold, payout = stats_sub1.payout + excluded.payout, payout_pending = stats_sub1.payout_pending + excluded.payout_pending, payout_hold = stats_sub1.payout_hold + excluded.payout_hold
    RETURNING 1)
  SELECT count(*) INTO n FROM d;
  RETURN n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- stats_deltas is a queue (every row is deleted by the next compaction): vacuum it after a fixed number of dead rows
-- rather than a fraction of a table that is nearly always empty, so reads of the deltas never wade through dead rows
ALTER TABLE "stats_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 5000);
