-- DropIndex (issue #15): replaced by payments_organization_id_status_id_idx: the lists order by id
-- (UUID v7), so nothing reads (organization_id, status, created_at). CONCURRENTLY, alone in its
-- migration, so that the drop does not wait behind (and block) the writes of running versions.
DROP INDEX CONCURRENTLY "payments_organization_id_status_created_at_idx";
