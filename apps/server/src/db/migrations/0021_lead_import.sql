-- Lead edit and import (docs/decisions/engine.md "Lead edit and import"): an imported lead keeps the date column of
-- its file as its source date and the import it came from; an import is a stored file, its column mapping and
-- options, and its progress (rows_done moves in the same transaction as each chunk of leads, so a restarted job goes
-- on where the last one committed); each row's outcome is kept for the report.
ALTER TABLE "leads" ADD COLUMN "source_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_id" integer;--> statement-breakpoint
CREATE TABLE "lead_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"offer_id" integer REFERENCES "offers"("id") ON DELETE set null,
	"affiliate_id" integer REFERENCES "users"("id") ON DELETE set null,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"distribute" boolean DEFAULT false NOT NULL,
	"fire_postbacks" boolean DEFAULT false NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "lead_imports_user_created_idx" ON "lead_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "lead_import_rows" (
	"import_id" integer NOT NULL REFERENCES "lead_imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"lead_id" bigint,
	"reason" varchar(500),
	PRIMARY KEY ("import_id", "row_no")
);
