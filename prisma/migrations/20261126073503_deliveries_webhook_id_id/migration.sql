-- CreateIndex (issue #25: keyset pages of GET /webhooks/deliveries?webhookId=..., ORDER BY id DESC).
-- It also serves what deliveries_webhook_id_idx served (the webhook foreign key, recoveries by
-- webhook), which the next migration drops. CONCURRENTLY, alone in its migration: deliveries is a
-- big, hot table.
CREATE INDEX CONCURRENTLY "deliveries_webhook_id_id_idx" ON "deliveries"("webhook_id", "id" DESC);
