-- CreateIndex (issue #25: GET /events?type=..., newest or oldest first, without walking the events
-- of the other types to find a rare one). CONCURRENTLY, alone in its migration.
CREATE INDEX CONCURRENTLY "events_organization_id_type_id_idx" ON "events"("organization_id", "type", "id");
