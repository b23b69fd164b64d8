CREATE TABLE "clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"invalid_reason" varchar(64),
	"is_unique" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"campaign_id" integer,
	"offer_id" integer,
	"affiliate_id" integer,
	"team_id" integer,
	"lander_id" integer,
	"traffic_source_id" integer,
	"country" varchar(2),
	"language" varchar(8),
	"ip" varchar(45),
	"user_agent" text,
	"referrer" text,
	"browser" varchar(64),
	"browser_version" varchar(32),
	"os" varchar(64),
	"os_version" varchar(32),
	"device_type" varchar(32),
	"device_brand" varchar(64),
	"device_model" varchar(64),
	"target_url" text,
	"sub1" varchar(255),
	"sub2" varchar(255),
	"sub3" varchar(255),
	"sub4" varchar(255),
	"sub5" varchar(255),
	"sub6" varchar(255),
	"sub7" varchar(255),
	"sub8" varchar(255),
	"sub9" varchar(255),
	"params" jsonb
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_changed_at" timestamp with time zone,
	"click_id" uuid,
	"lead_id" bigint,
	"offer_id" integer NOT NULL,
	"campaign_id" integer,
	"affiliate_id" integer NOT NULL,
	"team_id" integer,
	"advertiser_id" integer,
	"goal_id" integer,
	"event_id" varchar(200),
	"payment_rule_id" integer,
	"original_revenue" numeric(20, 8),
	"original_payout" numeric(20, 8),
	"currency" varchar(3),
	"revenue" numeric(20, 8) DEFAULT '0' NOT NULL,
	"revenue_currency" varchar(3) NOT NULL,
	"payout" numeric(20, 8) DEFAULT '0' NOT NULL,
	"payout_currency" varchar(3) NOT NULL,
	"base_revenue" numeric(20, 8) DEFAULT '0' NOT NULL,
	"base_payout" numeric(20, 8) DEFAULT '0' NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"postback_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public_notes" varchar(2000),
	"is_hidden" boolean DEFAULT false NOT NULL,
	"auto_approve_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"advertiser_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"result" varchar(16) NOT NULL,
	"request" jsonb NOT NULL,
	"response_status" integer,
	"response_body" text,
	"advertiser_lead_id" varchar(200),
	"redirect_url" text,
	"error" varchar(500),
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(32) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(16) NOT NULL,
	"status_reason" varchar(500),
	"first_name" varchar(200),
	"last_name" varchar(200),
	"phone" varchar(50),
	"email" varchar(254),
	"country" varchar(2),
	"language" varchar(8),
	"ip" varchar(45),
	"landing" text,
	"source_url" text,
	"user_agent" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sub1" varchar(255),
	"sub2" varchar(255),
	"sub3" varchar(255),
	"sub4" varchar(255),
	"sub5" varchar(255),
	"sub6" varchar(255),
	"sub7" varchar(255),
	"sub8" varchar(255),
	"sub9" varchar(255),
	"click_id" uuid,
	"campaign_id" integer,
	"offer_id" integer NOT NULL,
	"vertical_id" integer NOT NULL,
	"affiliate_id" integer NOT NULL,
	"team_id" integer,
	"lander_id" integer,
	"is_test" boolean DEFAULT false NOT NULL,
	"duplicate_of" bigint,
	"advertiser_id" integer,
	"integration_id" integer,
	"advertiser_lead_id" varchar(200),
	"advertisers_pool" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect_url" text,
	"redirect_status" varchar(32),
	"lead_grade" varchar(100),
	"hold_until" timestamp with time zone,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(16) NOT NULL,
	"entity" varchar(16) NOT NULL,
	"advertiser_id" integer,
	"integration_id" integer,
	"affiliate_id" integer,
	"postback_id" integer,
	"lead_id" bigint,
	"conversion_id" bigint,
	"goal_id" integer,
	"conversion_status" smallint,
	"event" varchar(40),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response_status" integer,
	"response_body" text,
	"success" boolean NOT NULL,
	"msg" varchar(500),
	"attempt" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_goal_id_vertical_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."vertical_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_payment_rule_id_payment_rules_id_fk" FOREIGN KEY ("payment_rule_id") REFERENCES "public"."payment_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lander_id_landers_id_fk" FOREIGN KEY ("lander_id") REFERENCES "public"."landers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clicks_campaign_created_idx" ON "clicks" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_created_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_offer_created_idx" ON "clicks" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_created_idx" ON "conversions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversions_affiliate_created_idx" ON "conversions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_offer_created_idx" ON "conversions" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_lead_idx" ON "conversions" USING btree ("lead_id","goal_id");--> statement-breakpoint
CREATE INDEX "conversions_click_idx" ON "conversions" USING btree ("click_id","goal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_event_uq" ON "conversions" USING btree ("advertiser_id","event_id") WHERE "conversions"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "conversions_auto_approve_idx" ON "conversions" USING btree ("auto_approve_at") WHERE "conversions"."status" = 1;--> statement-breakpoint
CREATE INDEX "lead_deliveries_lead_idx" ON "lead_deliveries" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_affiliate_created_idx" ON "leads" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_offer_created_idx" ON "leads" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "leads_dup_phone_idx" ON "leads" USING btree ("vertical_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "leads_dup_email_idx" ON "leads" USING btree ("vertical_id","email","created_at");--> statement-breakpoint
CREATE INDEX "leads_click_idx" ON "leads" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "leads_advertiser_lead_idx" ON "leads" USING btree ("integration_id","advertiser_lead_id");--> statement-breakpoint
CREATE INDEX "system_logs_type_created_idx" ON "system_logs" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_affiliate_idx" ON "system_logs" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_advertiser_idx" ON "system_logs" USING btree ("advertiser_id","created_at");