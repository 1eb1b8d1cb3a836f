-- DropIndex (issue #15): replaced by deliveries_organization_id_status_id_idx. CONCURRENTLY, alone
-- in its migration.
DROP INDEX CONCURRENTLY "deliveries_organization_id_status_created_at_idx";
