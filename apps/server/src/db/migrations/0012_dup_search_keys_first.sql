-- The duplicate search (lead-writer.ts) runs as a prepared statement whose plan is made once per connection. With both
-- indexes led by vertical_id, a plan made while the table was small could take the phone index for the e-mail search
-- (the same leading column, the e-mail only filtered), which then read every lead of the vertical in the window: lead
-- inserts grew to 300-500 ms in the bench. Led by the phone or e-mail, each index serves its own search only.
DROP INDEX "leads_dup_phone_idx";--> statement-breakpoint
DROP INDEX "leads_dup_email_idx";--> statement-breakpoint
CREATE INDEX "leads_dup_phone_idx" ON "leads" USING btree ("phone","vertical_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_dup_email_idx" ON "leads" USING btree ("email","vertical_id","created_at");