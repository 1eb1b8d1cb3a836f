-- CreateIndex (issue #15: keyset pages of GET /webhooks/deliveries?status=..., ORDER BY id DESC).
-- CONCURRENTLY, alone in its migration: deliveries is a big, hot table.
CREATE INDEX CONCURRENTLY "deliveries_organization_id_status_id_idx" ON "deliveries"("organization_id", "status", "id" DESC);
