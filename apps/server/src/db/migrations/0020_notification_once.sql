-- Notifications raised once per event (issue 19, docs/decisions/engine.md "Notifications that fire"): the key of an
-- event already raised, e.g. `cap_reached:12:2026-11-26` (a cap and its period). The raise inserts its key with
-- ON CONFLICT DO NOTHING in the transaction of the notification's jobs, so two processes never raise it twice.
CREATE TABLE "notification_once" (
  "key" varchar(200) PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
