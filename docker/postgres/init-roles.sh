#!/bin/sh
# Creates the gateway's database roles (least privilege): run by the postgres image's
# entrypoint from /docker-entrypoint-initdb.d/ on the first start of an empty data volume, as the
# superuser POSTGRES_USER, after POSTGRES_DB was created. docker-compose.yml mounts it there and
# roles.sql at /etc/gateway/roles.sql.
#
# Idempotent, and safe on a database that already has tables (it hands them to the owner role):
# on an existing volume, which the entrypoint does not initialise again, run it by hand once:
#   docker compose exec postgres /docker-entrypoint-initdb.d/10-gateway-roles.sh
#
# Environment (docker-compose.yml passes them from .env):
#   POSTGRES_USER, POSTGRES_DB              the superuser and the database (the image's own)
#   POSTGRES_OWNER_USER, POSTGRES_OWNER_PASSWORD   owns the database and its objects; migrations
#   POSTGRES_APP_USER, POSTGRES_APP_PASSWORD       api, worker, ops, operator CLI: DML only
#   GW_ROLES_SQL                            the SQL file (default /etc/gateway/roles.sql)
# psql's own variables (PGHOST, PGPORT, PGPASSWORD) apply: without PGHOST it uses the local socket.
# No `set -u` and no `exec`: the image's entrypoint sources the file instead of running it when the
# mount lost its execute bit, and must then carry on afterwards.
set -e
: "${POSTGRES_USER:?}" "${POSTGRES_DB:?}"
: "${POSTGRES_OWNER_USER:?}" "${POSTGRES_OWNER_PASSWORD:?}" "${POSTGRES_APP_USER:?}" "${POSTGRES_APP_PASSWORD:?}"
psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet \
  --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set db="$POSTGRES_DB" \
  --set owner="$POSTGRES_OWNER_USER" --set owner_password="$POSTGRES_OWNER_PASSWORD" \
  --set app="$POSTGRES_APP_USER" --set app_password="$POSTGRES_APP_PASSWORD" \
  --file "${GW_ROLES_SQL:-/etc/gateway/roles.sql}"
