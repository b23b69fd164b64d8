CREATE INDEX "users_advertiser_idx" ON "users" USING btree ("advertiser_id");--> statement-breakpoint
-- The people scope permissions are new: roles that could read or edit users keep seeing and editing affiliates and
-- teams. Affiliate-manager roles get the `assigned` variants (their own affiliates and teams), other staff roles all.
UPDATE "roles" SET "permissions" = "permissions" || '["affiliate.assigned.read"]'::jsonb
  WHERE "type" = 'affiliate_manager' AND "permissions" ? 'user.read' AND NOT "permissions" ? 'affiliate.assigned.read';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["affiliate.assigned.update", "team.update"]'::jsonb
  WHERE "type" = 'affiliate_manager' AND "permissions" ? 'user.update' AND NOT "permissions" ? 'affiliate.assigned.update';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["affiliate.read", "affiliate.assigned.read"]'::jsonb
  WHERE "type" IN ('admin', 'advertiser_manager', 'employee') AND "permissions" ? 'user.read' AND NOT "permissions" ? 'affiliate.read';--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["affiliate.update", "affiliate.assigned.update", "team.update"]'::jsonb
  WHERE "type" IN ('admin', 'advertiser_manager', 'employee') AND "permissions" ? 'user.update' AND NOT "permissions" ? 'affiliate.update';
