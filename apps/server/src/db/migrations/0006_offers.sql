CREATE TABLE "campaign_landers" (
	"campaign_id" integer NOT NULL,
	"lander_id" integer NOT NULL,
	CONSTRAINT "campaign_landers_campaign_id_lander_id_pk" PRIMARY KEY("campaign_id","lander_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_postbacks" (
	"campaign_id" integer NOT NULL,
	"postback_id" integer NOT NULL,
	CONSTRAINT "campaign_postbacks_campaign_id_postback_id_pk" PRIMARY KEY("campaign_id","postback_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"integration_method" varchar(16) DEFAULT 'api' NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"domain_id" integer,
	"traffic_source_id" integer,
	"target_url_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"autocreated" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"block_reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "cap_counters" (
	"cap_id" integer NOT NULL,
	"period_key" varchar(16) NOT NULL,
	"value" numeric(20, 8) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cap_counters_cap_id_period_key_pk" PRIMARY KEY("cap_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "caps" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"type" varchar(8) DEFAULT 'limit' NOT NULL,
	"value" numeric(20, 8) NOT NULL,
	"guarantee" numeric(20, 8),
	"currency" varchar(3),
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"period" varchar(16) DEFAULT 'day' NOT NULL,
	"action" varchar(16) DEFAULT 'skip' NOT NULL,
	"payment_model_id" integer,
	"processing_type" varchar(16) DEFAULT 'leads' NOT NULL,
	"goal_id" integer,
	"low_priority" boolean DEFAULT false NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"informational_value" numeric(20, 8),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"type" varchar(16) NOT NULL,
	"content" text,
	"attachment_key" varchar(200),
	"attachment_name" varchar(255),
	"attachment_mime" varchar(100),
	"attachment_size" integer,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "landers" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"page_type" varchar(16) DEFAULT 'landing' NOT NULL,
	"target_url" varchar(2048) NOT NULL,
	"preview_url" varchar(2048),
	"advertiser_id" integer,
	"weight" integer DEFAULT 100 NOT NULL,
	"additional_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lander_api_language_id" integer,
	"language" varchar(8),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "landers_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"vertical_id" integer,
	"page_type" varchar(16) DEFAULT 'landing' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "landers_api_categories" (
	"lander_api_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "landers_api_categories_lander_api_id_category_id_pk" PRIMARY KEY("lander_api_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "landers_api_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"lander_api_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"target_url" varchar(2048) NOT NULL,
	"preview_url" varchar(2048),
	"status" varchar(16) DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landers_api_tags" (
	"lander_api_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "landers_api_tags_lander_api_id_tag_id_pk" PRIMARY KEY("lander_api_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "offer_advertisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"low_priority" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_affiliates" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"affiliate_id" integer NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_categories" (
	"offer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "offer_categories_offer_id_category_id_pk" PRIMARY KEY("offer_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "offer_managers" (
	"offer_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	CONSTRAINT "offer_managers_offer_id_manager_id_pk" PRIMARY KEY("offer_id","manager_id")
);
--> statement-breakpoint
CREATE TABLE "offer_payment_models" (
	"offer_id" integer NOT NULL,
	"payment_model_id" integer NOT NULL,
	CONSTRAINT "offer_payment_models_offer_id_payment_model_id_pk" PRIMARY KEY("offer_id","payment_model_id")
);
--> statement-breakpoint
CREATE TABLE "offer_tags" (
	"offer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "offer_tags_offer_id_tag_id_pk" PRIMARY KEY("offer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "offer_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_traffic_sources" (
	"offer_id" integer NOT NULL,
	"traffic_source_id" integer NOT NULL,
	CONSTRAINT "offer_traffic_sources_offer_id_traffic_source_id_pk" PRIMARY KEY("offer_id","traffic_source_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"vertical_id" integer NOT NULL,
	"integration_method" varchar(16) DEFAULT 'api' NOT NULL,
	"access_type" smallint DEFAULT 1 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"geos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"session_lifespan" integer DEFAULT 30 NOT NULL,
	"session_lifespan_type" varchar(8) DEFAULT 'click' NOT NULL,
	"goal_id" integer,
	"trafficback_url" varchar(2048),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"vertical_id" integer,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"payment_model_id" integer,
	"target_conversion_status" smallint DEFAULT 3 NOT NULL,
	"is_multi_conversion" boolean DEFAULT false NOT NULL,
	"auto_approve_period" integer,
	"payment_type" varchar(8) DEFAULT 'fixed' NOT NULL,
	"revenue_value" numeric(20, 8) DEFAULT '0' NOT NULL,
	"revenue_currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"payout_value" numeric(20, 8) DEFAULT '0' NOT NULL,
	"payout_currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"goal_id" integer,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"sieve" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "campaign_landers" ADD CONSTRAINT "campaign_landers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_landers" ADD CONSTRAINT "campaign_landers_lander_id_landers_id_fk" FOREIGN KEY ("lander_id") REFERENCES "public"."landers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_postbacks" ADD CONSTRAINT "campaign_postbacks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_postbacks" ADD CONSTRAINT "campaign_postbacks_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_traffic_source_id_traffic_sources_id_fk" FOREIGN KEY ("traffic_source_id") REFERENCES "public"."traffic_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_counters" ADD CONSTRAINT "cap_counters_cap_id_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."caps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_payment_model_id_payment_models_id_fk" FOREIGN KEY ("payment_model_id") REFERENCES "public"."payment_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_goal_id_vertical_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."vertical_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers" ADD CONSTRAINT "landers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers" ADD CONSTRAINT "landers_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers" ADD CONSTRAINT "landers_lander_api_language_id_landers_api_languages_id_fk" FOREIGN KEY ("lander_api_language_id") REFERENCES "public"."landers_api_languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers" ADD CONSTRAINT "landers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api" ADD CONSTRAINT "landers_api_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api" ADD CONSTRAINT "landers_api_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api_categories" ADD CONSTRAINT "landers_api_categories_lander_api_id_landers_api_id_fk" FOREIGN KEY ("lander_api_id") REFERENCES "public"."landers_api"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api_categories" ADD CONSTRAINT "landers_api_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api_languages" ADD CONSTRAINT "landers_api_languages_lander_api_id_landers_api_id_fk" FOREIGN KEY ("lander_api_id") REFERENCES "public"."landers_api"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api_tags" ADD CONSTRAINT "landers_api_tags_lander_api_id_landers_api_id_fk" FOREIGN KEY ("lander_api_id") REFERENCES "public"."landers_api"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landers_api_tags" ADD CONSTRAINT "landers_api_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_advertisers" ADD CONSTRAINT "offer_advertisers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_advertisers" ADD CONSTRAINT "offer_advertisers_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_advertisers" ADD CONSTRAINT "offer_advertisers_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_affiliates" ADD CONSTRAINT "offer_affiliates_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_affiliates" ADD CONSTRAINT "offer_affiliates_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_categories" ADD CONSTRAINT "offer_categories_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_categories" ADD CONSTRAINT "offer_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_managers" ADD CONSTRAINT "offer_managers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_managers" ADD CONSTRAINT "offer_managers_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payment_models" ADD CONSTRAINT "offer_payment_models_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payment_models" ADD CONSTRAINT "offer_payment_models_payment_model_id_payment_models_id_fk" FOREIGN KEY ("payment_model_id") REFERENCES "public"."payment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_tags" ADD CONSTRAINT "offer_tags_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_tags" ADD CONSTRAINT "offer_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_teams" ADD CONSTRAINT "offer_teams_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_teams" ADD CONSTRAINT "offer_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_traffic_sources" ADD CONSTRAINT "offer_traffic_sources_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_traffic_sources" ADD CONSTRAINT "offer_traffic_sources_traffic_source_id_traffic_sources_id_fk" FOREIGN KEY ("traffic_source_id") REFERENCES "public"."traffic_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_goal_id_vertical_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."vertical_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_models" ADD CONSTRAINT "payment_models_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_payment_model_id_payment_models_id_fk" FOREIGN KEY ("payment_model_id") REFERENCES "public"."payment_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_goal_id_vertical_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."vertical_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_rules" ADD CONSTRAINT "payment_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_affiliate_idx" ON "campaigns" USING btree ("affiliate_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_offer_idx" ON "campaigns" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "caps_offer_idx" ON "caps" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "creatives_offer_idx" ON "creatives" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "landers_offer_idx" ON "landers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "landers_advertiser_idx" ON "landers" USING btree ("advertiser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landers_api_title_uq" ON "landers_api" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "landers_api_languages_uq" ON "landers_api_languages" USING btree ("lander_api_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_advertisers_uq" ON "offer_advertisers" USING btree ("offer_id","integration_id");--> statement-breakpoint
CREATE INDEX "offer_advertisers_advertiser_idx" ON "offer_advertisers" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "offer_advertisers_integration_idx" ON "offer_advertisers" USING btree ("integration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_affiliates_uq" ON "offer_affiliates" USING btree ("offer_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "offer_affiliates_affiliate_idx" ON "offer_affiliates" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "offer_categories_category_idx" ON "offer_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "offer_managers_manager_idx" ON "offer_managers" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "offer_tags_tag_idx" ON "offer_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_teams_uq" ON "offer_teams" USING btree ("offer_id","team_id");--> statement-breakpoint
CREATE INDEX "offer_teams_team_idx" ON "offer_teams" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "offers_status_hot_idx" ON "offers" USING btree ("status","is_hot");--> statement-breakpoint
CREATE INDEX "offers_vertical_idx" ON "offers" USING btree ("vertical_id");--> statement-breakpoint
CREATE INDEX "offers_access_idx" ON "offers" USING btree ("access_type");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_models_code_uq" ON "payment_models" USING btree ("code",coalesce("vertical_id", 0));--> statement-breakpoint
CREATE INDEX "payment_rules_offer_idx" ON "payment_rules" USING btree ("offer_id");