-- Unique clicks decided once across every node (docs/decisions/engine.md "Unique clicks across nodes"): one row a
-- visitor (IP address + user agent) and campaign, as a 64-bit key, holding the click that counted it and the end of
-- its 24-hour window. Confirmed by the click batch writer once a batch, never per click; rows whose window has ended
-- are swept every hour (job `click-visitors-sweep`).
CREATE TABLE IF NOT EXISTS "click_visitors" (
  "key" bigint PRIMARY KEY NOT NULL,
  "until" timestamp with time zone NOT NULL,
  "click_id" uuid NOT NULL
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "click_visitors_until_idx" ON "click_visitors" USING btree ("until");
