-- CreateIndex (issue #25: keyset pages of GET /events, WHERE organization_id = ... [AND id > after]
-- ORDER BY id, either way). CONCURRENTLY, alone in its migration: events grows with every payment
-- change and a plain CREATE INDEX would block its writes for the whole build.
CREATE INDEX CONCURRENTLY "events_organization_id_id_idx" ON "events"("organization_id", "id");
