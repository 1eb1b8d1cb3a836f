-- DropIndex (issue #25): replaced by events_organization_id_id_idx. No statement reads events by
-- (organization_id, created_at): the retention job has its own created_at index, and the events
-- list orders by id (UUID v7). CONCURRENTLY, alone in its migration.
DROP INDEX CONCURRENTLY "events_organization_id_created_at_idx";
