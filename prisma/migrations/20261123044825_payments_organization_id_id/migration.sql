-- CreateIndex (issue #15: keyset pages of GET /payments, WHERE organization_id = ... ORDER BY id DESC).
-- CONCURRENTLY, alone in its migration: payments is written on every create and confirm, and a
-- plain CREATE INDEX would block those writes for the whole build.
CREATE INDEX CONCURRENTLY "payments_organization_id_id_idx" ON "payments"("organization_id", "id" DESC);
