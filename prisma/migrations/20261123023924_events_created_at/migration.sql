-- CreateIndex (retention job: events by age).
-- CONCURRENTLY, alone in its migration: events is written on every payment state change and a
-- plain CREATE INDEX would block those writes for the whole build.
CREATE INDEX CONCURRENTLY "events_created_at_idx" ON "events"("created_at");
