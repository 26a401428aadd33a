-- The dashboard's figures are sums of dashboard_counts rows: a month of sales, orders by source and
-- service lines, and every day's new customers (about 1,800 rows at a business of 100,000 orders).
-- Read through the index and then each row's page, they cost the database more than the rest of the
-- dashboard. The index now carries what is summed, so those rows are read from the index alone
-- (an index-only scan; the pages of rows the compactor has not yet folded are still visited).
CREATE INDEX "dashboard_counts_read_covering" ON "dashboard_counts" USING btree ("tenant_id", "metric", "day", "branch_key") INCLUDE ("key", "amount", "count");
--> statement-breakpoint
DROP INDEX "dashboard_counts_read";
--> statement-breakpoint
ALTER INDEX "dashboard_counts_read_covering" RENAME TO "dashboard_counts_read";
