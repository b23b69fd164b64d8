-- Reports (issue 18; docs/decisions/insights.md "Reports, downloads and scheduled reports"): saved reports (a ready
-- report or a statistics view with its filters, range and file format), optionally e-mailed on a schedule in the
-- owner's zone; one row per scheduled send (unique per report and due time, so a send happens once); and the size of
-- an export's file, with an `expired` state kept after the retention removed the file.
CREATE TABLE "reports" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "title" varchar(100) NOT NULL,
  "type" varchar(32) NOT NULL,
  "query" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "range" varchar(16) NOT NULL,
  "format" varchar(8) DEFAULT 'xlsx' NOT NULL,
  "schedule" varchar(16),
  "send_hour" smallint DEFAULT 8 NOT NULL,
  "next_send_at" timestamp with time zone,
  "last_sent_at" timestamp with time zone,
  "last_error" varchar(500),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reports_format_ck" CHECK ("format" IN ('csv', 'xlsx')),
  CONSTRAINT "reports_schedule_ck" CHECK ("schedule" IS NULL OR "schedule" IN ('daily', 'weekly', 'monthly')),
  CONSTRAINT "reports_send_hour_ck" CHECK ("send_hour" BETWEEN 0 AND 23),
  CONSTRAINT "reports_next_send_ck" CHECK (("schedule" IS NULL) = ("next_send_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "reports_user_idx" ON "reports" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "reports_due_idx" ON "reports" ("next_send_at") WHERE "next_send_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "report_sends" (
  "id" serial PRIMARY KEY NOT NULL,
  "report_id" integer NOT NULL REFERENCES "reports"("id") ON DELETE CASCADE,
  "due_at" timestamp with time zone NOT NULL,
  "status" varchar(16) DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "export_id" integer REFERENCES "exports"("id") ON DELETE SET NULL,
  "error" varchar(500),
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "report_sends_status_ck" CHECK ("status" IN ('pending', 'sent', 'failed', 'empty')),
  CONSTRAINT "report_sends_once_uq" UNIQUE ("report_id", "due_at")
);
--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "file_size" integer;
