-- The sub1 ranking (docs/decisions/insights.md "The sub1 ranking"): a query grouped by sub1 and ordered by a counter
-- ranks every sub1 of its period by that counter, then sums the page's groups. The ranking reads only the key, the
-- kind and the counter: this covering index answers it for the default orders (clicks; leads when the query has no
-- clicks) without reading the table's wide rows. The page's groups are then looked up by sub1.
CREATE INDEX IF NOT EXISTS "stats_sub1_rank_idx" ON "stats_sub1" ("grain", "bucket", "kind") INCLUDE ("hidden", "sub1", "clicks", "leads");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_sub1_sub1_idx" ON "stats_sub1" ("sub1", "grain", "bucket");
