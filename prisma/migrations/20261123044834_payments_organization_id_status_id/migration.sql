-- CreateIndex (issue #15: keyset pages of GET /payments?status=..., ORDER BY id DESC).
-- CONCURRENTLY, alone in its migration: payments is written on every create and confirm.
CREATE INDEX CONCURRENTLY "payments_organization_id_status_id_idx" ON "payments"("organization_id", "status", "id" DESC);
