-- The postback outbox (docs/decisions/engine.md "The postback outbox"): the first attempt of every outbound postback.
-- A narrow row inserted with the event that fires it, claimed by a worker (its lease set: not indexed, so a HOT update
-- on a page kept 30% free), deleted when the attempt is settled. Rows live for milliseconds: vacuum is asked early.
CREATE TABLE IF NOT EXISTS "postback_outbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "data" jsonb NOT NULL,
  "claimed_until" timestamp with time zone
) WITH (fillfactor = 70, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000, autovacuum_vacuum_cost_delay = 0);
