CREATE TABLE "advertiser_managers" (
	"advertiser_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	CONSTRAINT "advertiser_managers_advertiser_id_manager_id_pk" PRIMARY KEY("advertiser_id","manager_id")
);
--> statement-breakpoint
CREATE TABLE "advertiser_tags" (
	"advertiser_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "advertiser_tags_advertiser_id_tag_id_pk" PRIMARY KEY("advertiser_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "advertisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"secure_id" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"block_reason" varchar(500),
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"platform_id" integer,
	"vertical_id" integer,
	"default_currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"api_token" varchar(64) NOT NULL,
	"redirect_template_enabled" boolean DEFAULT false NOT NULL,
	"redirect_template" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "advertisers_secure_id_unique" UNIQUE("secure_id"),
	CONSTRAINT "advertisers_api_token_unique" UNIQUE("api_token")
);
--> statement-breakpoint
CREATE TABLE "integration_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"platform_id" integer NOT NULL,
	"vertical_id" integer NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"integration_methods_restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"api_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_api" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"postback" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_sync" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lead_status_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"advertiser_id" integer NOT NULL,
	"template_id" integer,
	"platform_id" integer NOT NULL,
	"vertical_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"api_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_api" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"postback" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_sync" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lead_status_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api_sync_status" varchar(16) DEFAULT 'idle' NOT NULL,
	"api_sync_last_run_at" timestamp with time zone,
	"out_api_enabled" boolean DEFAULT false NOT NULL,
	"redirect_enabled" boolean DEFAULT false NOT NULL,
	"api_sync_enabled" boolean DEFAULT false NOT NULL,
	"postback_enabled" boolean DEFAULT false NOT NULL,
	"postback_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "integrations_postback_key_unique" UNIQUE("postback_key")
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"method_api" boolean DEFAULT false NOT NULL,
	"method_postback" boolean DEFAULT false NOT NULL,
	"method_redirect" boolean DEFAULT false NOT NULL,
	"method_api_sync" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "vertical_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"vertical_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verticals" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"incoming_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inbound_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"redirect" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "advertiser_managers" ADD CONSTRAINT "advertiser_managers_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_managers" ADD CONSTRAINT "advertiser_managers_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_tags" ADD CONSTRAINT "advertiser_tags_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_tags" ADD CONSTRAINT "advertiser_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_templates" ADD CONSTRAINT "integration_templates_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_templates" ADD CONSTRAINT "integration_templates_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_templates" ADD CONSTRAINT "integration_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_template_id_integration_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."integration_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_goals" ADD CONSTRAINT "vertical_goals_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verticals" ADD CONSTRAINT "verticals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_managers_manager_idx" ON "advertiser_managers" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "advertiser_tags_tag_idx" ON "advertiser_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advertisers_title_uq" ON "advertisers" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "advertisers_vertical_idx" ON "advertisers" USING btree ("vertical_id");--> statement-breakpoint
CREATE INDEX "advertisers_platform_idx" ON "advertisers" USING btree ("platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_templates_title_uq" ON "integration_templates" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "integration_templates_platform_vertical_idx" ON "integration_templates" USING btree ("platform_id","vertical_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_advertiser_template_uq" ON "integrations" USING btree ("advertiser_id","template_id");--> statement-breakpoint
CREATE INDEX "integrations_platform_idx" ON "integrations" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "integrations_vertical_idx" ON "integrations" USING btree ("vertical_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_title_uq" ON "platforms" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "vertical_goals_title_uq" ON "vertical_goals" USING btree ("vertical_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "verticals_title_uq" ON "verticals" USING btree (lower("title"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The sell-side edit permissions are new: roles that could read a sell-side screen may keep editing it.
UPDATE "roles" SET "permissions" = "permissions" || '["vertical.update"]'::jsonb
  WHERE "permissions" ? 'vertical.read' AND NOT "permissions" ? 'vertical.update' AND "type" <> 'affiliate';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["platform.update"]'::jsonb
  WHERE "permissions" ? 'front.settings.platforms.read' AND NOT "permissions" ? 'platform.update' AND "type" <> 'affiliate';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["integration_template.update"]'::jsonb
  WHERE "permissions" ? 'front.settings.integration_templates.read' AND NOT "permissions" ? 'integration_template.update' AND "type" <> 'affiliate';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["advertiser.update"]'::jsonb
  WHERE "permissions" ? 'front.menu.advertisers.read' AND NOT "permissions" ? 'advertiser.update' AND "type" <> 'affiliate';
