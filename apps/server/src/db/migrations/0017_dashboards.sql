-- Dashboards (issue 18): one per user, or a role's default (role_id set, no user) that a new user's dashboard is
-- copied from (parent). Widgets carry their type, settings (metrics, group-by, filters, size, position) and order.
-- See docs/decisions/insights.md "Dashboard".
CREATE TABLE "dashboards" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "role_id" integer REFERENCES "roles"("id") ON DELETE CASCADE,
  "parent_id" integer REFERENCES "dashboards"("id") ON DELETE SET NULL,
  "type" varchar(16) DEFAULT 'grid' NOT NULL,
  "settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "dashboards_owner_ck" CHECK (("user_id" IS NULL) <> ("role_id" IS NULL)),
  CONSTRAINT "dashboards_type_ck" CHECK ("type" IN ('grid'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_user_uq" ON "dashboards" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_role_uq" ON "dashboards" ("role_id") WHERE "role_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
  "id" serial PRIMARY KEY NOT NULL,
  "dashboard_id" integer NOT NULL REFERENCES "dashboards"("id") ON DELETE CASCADE,
  "type" varchar(16) NOT NULL,
  "settings" jsonb NOT NULL,
  "order" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "dashboard_widgets_type_ck" CHECK ("type" IN ('kpi', 'line', 'top', 'funnel', 'live'))
);
--> statement-breakpoint
CREATE INDEX "dashboard_widgets_dashboard_idx" ON "dashboard_widgets" ("dashboard_id", "order");
