-- CreateIndex (issue #25: GET /webhooks/deliveries?paymentId=... starts from the few events of the
-- payment). CONCURRENTLY, alone in its migration.
CREATE INDEX CONCURRENTLY "events_payment_id_idx" ON "events"("payment_id");
