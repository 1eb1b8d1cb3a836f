-- CreateIndex (issue #30): the overdue scan of the sweeper in two exact ranges, not parked by
-- next_attempt_at and parked past parked_until. It replaces deliveries_status_next_attempt_at_idx,
-- which the next migration drops. CONCURRENTLY, alone in its migration: deliveries is a big, hot
-- table.
CREATE INDEX CONCURRENTLY "deliveries_status_parked_until_next_attempt_at_idx" ON "deliveries"("status", "parked_until", "next_attempt_at");
