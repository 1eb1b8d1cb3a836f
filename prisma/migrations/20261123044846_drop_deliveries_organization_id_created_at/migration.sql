-- DropIndex (issue #15): replaced by deliveries_organization_id_id_idx: the list orders by id
-- (UUID v7), so nothing reads (organization_id, created_at). CONCURRENTLY, alone in its migration.
DROP INDEX CONCURRENTLY "deliveries_organization_id_created_at_idx";
