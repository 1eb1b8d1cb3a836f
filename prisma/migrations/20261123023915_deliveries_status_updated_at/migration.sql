-- CreateIndex (retention job: terminal deliveries by status and last change).
-- CONCURRENTLY, alone in its migration: deliveries is a big, hot table and a plain CREATE INDEX
-- would block its writes for the whole build.
CREATE INDEX CONCURRENTLY "deliveries_status_updated_at_idx" ON "deliveries"("status", "updated_at");
