-- Issue #30: a delivery parked behind an open circuit (not its prober) keeps its job asleep until
-- parked_until, and the outbox sweeper and the overdue gauges no longer take it for a lost one.
-- (No semicolon in these comments: the runner splits the script on every one.)
-- AlterTable (nullable, no default: no rewrite of the table)
ALTER TABLE "deliveries" ADD COLUMN     "parked_until" TIMESTAMPTZ(3);

-- CreateIndex, CONCURRENTLY (writes to deliveries go on while it is built), before the index it
-- replaces is dropped, so that the overdue scan of the sweeper always has one.
CREATE INDEX CONCURRENTLY "deliveries_status_parked_until_next_attempt_at_idx" ON "deliveries"("status", "parked_until", "next_attempt_at");

-- DropIndex
DROP INDEX CONCURRENTLY "deliveries_status_next_attempt_at_idx";
