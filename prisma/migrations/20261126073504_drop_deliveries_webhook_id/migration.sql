-- DropIndex (issue #25): replaced by deliveries_webhook_id_id_idx, which leads with webhook_id too.
-- CONCURRENTLY, alone in its migration.
DROP INDEX CONCURRENTLY "deliveries_webhook_id_idx";
