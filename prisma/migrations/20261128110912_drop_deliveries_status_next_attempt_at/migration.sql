-- DropIndex (issue #30): replaced by deliveries_status_parked_until_next_attempt_at_idx.
-- CONCURRENTLY, alone in its migration.
DROP INDEX CONCURRENTLY "deliveries_status_next_attempt_at_idx";
