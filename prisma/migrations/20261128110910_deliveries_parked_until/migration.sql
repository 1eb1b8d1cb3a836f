-- AlterTable (issue #30): a delivery parked behind an open circuit (not its prober) keeps its job
-- asleep until parked_until, and the outbox sweeper and the overdue gauges no longer take it for a
-- lost one. Nullable, no default: no rewrite of the table.
ALTER TABLE "deliveries" ADD COLUMN     "parked_until" TIMESTAMPTZ(3);
