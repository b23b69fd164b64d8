-- Finance (issue 17): the money ledger, manual adjustments, invoices with their items and payments.
-- The ledger is append-only (a trigger refuses UPDATE and DELETE) and is kept by ledger_sync(): for the conversions
-- and adjustments it is given, it computes each one's position per party, currency and bucket from the current rows
-- (conversion status and amounts, live invoice items and their invoices' status) and appends the difference to what
-- the entries already say. Conversions call it from statement-level triggers, so every writer (the postback batch
-- statement, status changes, edits, auto-approve, demo data) writes its entries in the same statement, set-based.
-- See docs/decisions/money.md.
CREATE TABLE "ledger_adjustments" (
  "id" serial PRIMARY KEY NOT NULL,
  "party_type" varchar(16) NOT NULL,
  "party_id" integer NOT NULL,
  "currency" varchar(3) NOT NULL,
  "amount" numeric(20, 8) NOT NULL,
  "base_amount" numeric(20, 8) NOT NULL,
  "reason" varchar(500) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "ledger_adjustments_party_type_ck" CHECK ("party_type" IN ('affiliate', 'advertiser')),
  CONSTRAINT "ledger_adjustments_amount_ck" CHECK ("amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX "ledger_adjustments_party_idx" ON "ledger_adjustments" ("party_type", "party_id");
--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" serial PRIMARY KEY NOT NULL,
  "title" varchar(64) NOT NULL,
  "type" varchar(16) NOT NULL,
  "status" varchar(16) DEFAULT 'unpaid' NOT NULL,
  "affiliate_id" integer REFERENCES "users"("id") ON DELETE RESTRICT,
  "advertiser_id" integer REFERENCES "advertisers"("id") ON DELETE RESTRICT,
  "currency" varchar(3) NOT NULL,
  "rate" numeric(20, 8) NOT NULL,
  "base_currency" varchar(3) NOT NULL,
  "amount" numeric(20, 8) NOT NULL,
  "base_amount" numeric(20, 8) NOT NULL,
  "paid_amount" numeric(20, 8) DEFAULT '0' NOT NULL,
  "conversions_count" integer DEFAULT 0 NOT NULL,
  "advance_amount" numeric(20, 8),
  "date_from" date,
  "date_to" date,
  "timezone" varchar(64),
  "due_at" timestamp with time zone NOT NULL,
  "withdrawal_method_id" integer REFERENCES "withdrawal_methods"("id") ON DELETE SET NULL,
  "notes" varchar(2000),
  "private_notes" varchar(2000),
  "origin" varchar(16) DEFAULT 'manual' NOT NULL,
  "paid_at" timestamp with time zone,
  "reference" varchar(200),
  "declined_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "invoices_title_uq" UNIQUE ("title"),
  CONSTRAINT "invoices_type_ck" CHECK ("type" IN ('affiliate', 'advertiser')),
  CONSTRAINT "invoices_status_ck" CHECK ("status" IN ('unpaid', 'paid', 'declined')),
  CONSTRAINT "invoices_party_ck" CHECK (("type" = 'affiliate' AND "affiliate_id" IS NOT NULL AND "advertiser_id" IS NULL)
    OR ("type" = 'advertiser' AND "advertiser_id" IS NOT NULL AND "affiliate_id" IS NULL)),
  CONSTRAINT "invoices_origin_ck" CHECK ("origin" IN ('manual', 'withdrawal', 'auto'))
);
--> statement-breakpoint
CREATE INDEX "invoices_affiliate_idx" ON "invoices" ("affiliate_id", "status") WHERE "affiliate_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_advertiser_idx" ON "invoices" ("advertiser_id", "status") WHERE "advertiser_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_status_type_idx" ON "invoices" ("status", "type");
--> statement-breakpoint
-- What an invoice carries: conversions (kind conversion), changes to conversions already invoiced (clawback) and
-- manual adjustments (adjustment). `live` turns false when the invoice is declined; the partial unique indexes are
-- THE rule "a conversion (per side) and an adjustment are in at most one live invoice".
CREATE TABLE "invoice_items" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "kind" varchar(16) NOT NULL,
  "party_type" varchar(16) NOT NULL,
  "party_id" integer NOT NULL,
  "conversion_id" bigint REFERENCES "conversions"("id") ON DELETE RESTRICT,
  "adjustment_id" integer REFERENCES "ledger_adjustments"("id") ON DELETE RESTRICT,
  "currency" varchar(3) NOT NULL,
  "amount" numeric(20, 8) NOT NULL,
  "base_amount" numeric(20, 8) NOT NULL,
  "invoice_amount" numeric(20, 8) NOT NULL,
  "live" boolean DEFAULT true NOT NULL,
  CONSTRAINT "invoice_items_kind_ck" CHECK ("kind" IN ('conversion', 'clawback', 'adjustment')),
  CONSTRAINT "invoice_items_source_ck" CHECK (("kind" = 'adjustment') = ("adjustment_id" IS NOT NULL)
    AND ("kind" = 'adjustment') = ("conversion_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_conversion_live_uq" ON "invoice_items" ("conversion_id", "party_type") WHERE "live" AND "kind" = 'conversion';
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_adjustment_live_uq" ON "invoice_items" ("adjustment_id") WHERE "live";
--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" ("invoice_id");
--> statement-breakpoint
CREATE INDEX "invoice_items_conversion_idx" ON "invoice_items" ("conversion_id") WHERE "live";
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
  "id" serial PRIMARY KEY NOT NULL,
  "invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "amount" numeric(20, 8) NOT NULL,
  "paid_at" timestamp with time zone NOT NULL,
  "reference" varchar(200),
  "source" varchar(16) DEFAULT 'payment' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "invoice_payments_amount_ck" CHECK ("amount" > 0),
  CONSTRAINT "invoice_payments_source_ck" CHECK ("source" IN ('payment', 'advance'))
);
--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" ("invoice_id");
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "party_type" varchar(16) NOT NULL,
  "party_id" integer NOT NULL,
  "currency" varchar(3) NOT NULL,
  "bucket" varchar(16) NOT NULL,
  "amount" numeric(20, 8) NOT NULL,
  "base_amount" numeric(20, 8) NOT NULL,
  "kind" varchar(32) NOT NULL,
  "conversion_id" bigint,
  "adjustment_id" integer,
  "invoice_id" integer,
  "user_id" integer,
  CONSTRAINT "ledger_entries_party_type_ck" CHECK ("party_type" IN ('affiliate', 'advertiser')),
  CONSTRAINT "ledger_entries_bucket_ck" CHECK ("bucket" IN ('hold', 'approved', 'requested', 'paid', 'advance'))
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_party_idx" ON "ledger_entries" ("party_type", "party_id", "currency", "bucket");
--> statement-breakpoint
CREATE INDEX "ledger_entries_conversion_idx" ON "ledger_entries" ("conversion_id") WHERE "conversion_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_entries_adjustment_idx" ON "ledger_entries" ("adjustment_id") WHERE "adjustment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" ("invoice_id") WHERE "invoice_id" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: write a correcting entry instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- The position of each source (conversion per side, adjustment) per currency and bucket:
--   hold      = amount while pending or hold
--   approved  = amount while approved (an adjustment always counts as approved) minus what live invoice items took
--   requested = live items of unpaid invoices; paid = live items of paid invoices
-- and the difference to the entries so far appended with the given cause. Answers the number of entries written.
CREATE FUNCTION ledger_sync(p_conv bigint[], p_adj integer[], p_kind text, p_invoice integer, p_user integer) RETURNS integer
LANGUAGE sql AS $$
WITH src AS (
  SELECT c.id AS conversion_id, NULL::integer AS adjustment_id, s.party_type, s.party_id, s.currency, s.amount, s.base_amount, c.status
  FROM conversions c
  CROSS JOIN LATERAL (VALUES
    ('affiliate'::varchar, c.affiliate_id, c.payout_currency, c.payout, c.base_payout),
    ('advertiser'::varchar, c.advertiser_id, c.revenue_currency, c.revenue, c.base_revenue)
  ) AS s(party_type, party_id, currency, amount, base_amount)
  WHERE c.id = ANY(p_conv) AND s.party_id IS NOT NULL
  UNION ALL
  SELECT NULL::bigint, j.id, j.party_type, j.party_id, j.currency, j.amount, j.base_amount, 3::smallint
  FROM ledger_adjustments j WHERE j.id = ANY(p_adj)
), items AS (
  SELECT ii.conversion_id, ii.adjustment_id, ii.party_type, ii.party_id, ii.currency, ii.amount, ii.base_amount, i.status
  FROM invoice_items ii JOIN invoices i ON i.id = ii.invoice_id
  WHERE ii.live AND (ii.conversion_id = ANY(p_conv) OR ii.adjustment_id = ANY(p_adj))
), moves AS (
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, 'hold'::varchar AS bucket,
    CASE WHEN status IN (1, 2) THEN amount ELSE 0 END AS amount, CASE WHEN status IN (1, 2) THEN base_amount ELSE 0 END AS base_amount
  FROM src
  UNION ALL
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, 'approved',
    CASE WHEN status = 3 THEN amount ELSE 0 END, CASE WHEN status = 3 THEN base_amount ELSE 0 END
  FROM src
  UNION ALL
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, 'approved', -amount, -base_amount FROM items
  UNION ALL
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, CASE WHEN status = 'paid' THEN 'paid' ELSE 'requested' END,
    amount, base_amount
  FROM items
  UNION ALL
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, bucket, -amount, -base_amount
  FROM ledger_entries WHERE conversion_id = ANY(p_conv) OR adjustment_id = ANY(p_adj)
), diff AS (
  SELECT conversion_id, adjustment_id, party_type, party_id, currency, bucket, sum(amount) AS amount, sum(base_amount) AS base_amount
  FROM moves GROUP BY conversion_id, adjustment_id, party_type, party_id, currency, bucket
), written AS (
  INSERT INTO ledger_entries (party_type, party_id, currency, bucket, amount, base_amount, kind, conversion_id, adjustment_id, invoice_id, user_id)
  SELECT party_type, party_id, currency, bucket, amount, base_amount, p_kind, conversion_id, adjustment_id, p_invoice, p_user
  FROM diff WHERE amount <> 0 OR base_amount <> 0
  ORDER BY conversion_id, adjustment_id, party_type, bucket
  RETURNING 1
)
SELECT count(*)::integer FROM written
$$;
--> statement-breakpoint
-- who caused a change, when the service says so for its transaction (set_config('leadgrid.user_id', ..., true))
CREATE FUNCTION ledger_actor() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('leadgrid.user_id', true), '')::integer
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_conversions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_sync(ARRAY(SELECT id FROM ledger_new), NULL, 'conversion.created', NULL, ledger_actor());
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_conversions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  by_status bigint[];
  by_edit bigint[];
BEGIN
  SELECT
    array_agg(n.id) FILTER (WHERE n.status <> o.status),
    array_agg(n.id) FILTER (WHERE n.status = o.status AND (n.payout, n.payout_currency, n.base_payout, n.revenue, n.revenue_currency,
      n.base_revenue, n.affiliate_id, n.advertiser_id) IS DISTINCT FROM (o.payout, o.payout_currency, o.base_payout, o.revenue,
      o.revenue_currency, o.base_revenue, o.affiliate_id, o.advertiser_id))
  INTO by_status, by_edit
  FROM ledger_new n JOIN ledger_old o ON o.id = n.id;
  IF by_status IS NOT NULL THEN PERFORM ledger_sync(by_status, NULL, 'conversion.status', NULL, ledger_actor()); END IF;
  IF by_edit IS NOT NULL THEN PERFORM ledger_sync(by_edit, NULL, 'conversion.edited', NULL, ledger_actor()); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversions_ledger_insert AFTER INSERT ON conversions REFERENCING NEW TABLE AS ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_conversions_inserted();
--> statement-breakpoint
CREATE TRIGGER conversions_ledger_update AFTER UPDATE ON conversions REFERENCING OLD TABLE AS ledger_old NEW TABLE AS ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_conversions_updated();
--> statement-breakpoint
-- backfill: the conversions that existed before the ledger, in chunks
DO $$
DECLARE lo bigint := 0; hi bigint;
BEGIN
  SELECT max(id) INTO hi FROM conversions;
  WHILE hi IS NOT NULL AND lo <= hi LOOP
    PERFORM ledger_sync(ARRAY(SELECT id FROM conversions WHERE id > lo AND id <= lo + 10000), NULL, 'backfill', NULL, NULL);
    lo := lo + 10000;
  END LOOP;
END $$;
