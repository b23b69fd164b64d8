ALTER TABLE "leads" ADD COLUMN "delivery_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_attempt_at" timestamp with time zone;