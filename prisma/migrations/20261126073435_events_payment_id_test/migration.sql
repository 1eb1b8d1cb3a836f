-- AlterTable (issue #25): the payment an event is about, for GET /webhooks/deliveries?paymentId=, and
-- the mark of a sample sent by POST /webhooks/{id}/test. Both are catalogue-only changes (a
-- nullable column, a column with a constant default): no table rewrite.
ALTER TABLE "events" ADD COLUMN     "payment_id" UUID,
ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false;

-- Backfill (hand-written) from the payload every payment event carries, `{ "payment": { "id": … } }`.
-- One statement in its own transaction: it row-locks the events it rewrites (nothing else updates
-- events, and a delivery's foreign-key check takes a KEY SHARE lock, which this UPDATE does not
-- block), and leaves one dead version per event for autovacuum. A payload without a UUID there
-- keeps NULL.
UPDATE "events" SET "payment_id" = ("payload" -> 'payment' ->> 'id')::uuid
WHERE "payment_id" IS NULL
  AND ("payload" -> 'payment' ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
