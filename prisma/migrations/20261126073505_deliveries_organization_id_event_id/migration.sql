-- CreateIndex (issue #25: keyset pages of GET /webhooks/deliveries?event=..., ORDER BY id DESC,
-- without walking the deliveries of the other types to find a rare one). CONCURRENTLY, alone in
-- its migration: deliveries is a big, hot table.
CREATE INDEX CONCURRENTLY "deliveries_organization_id_event_id_idx" ON "deliveries"("organization_id", "event", "id" DESC);
