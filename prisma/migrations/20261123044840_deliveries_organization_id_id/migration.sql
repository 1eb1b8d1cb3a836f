-- CreateIndex (issue #15: keyset pages of GET /webhooks/deliveries, WHERE organization_id = ... ORDER BY id DESC).
-- CONCURRENTLY, alone in its migration: deliveries is a big, hot table and a plain CREATE INDEX
-- would block its writes for the whole build.
CREATE INDEX CONCURRENTLY "deliveries_organization_id_id_idx" ON "deliveries"("organization_id", "id" DESC);
