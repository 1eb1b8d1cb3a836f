#!/bin/sh
# Entrypoint of the service-gateway image, installed as /usr/local/bin/gw. Its first argument is
# the role; the process is exec'ed so that it receives SIGTERM itself (graceful stop).
#   gw api | worker | ops       run that app (apps/<role>/dist/main.js, compiled by `pnpm build`)
#   gw migrate                  apply pending migrations (packages/db/dist/cli/migrate.js), exit
#   gw healthcheck <check...>   container health checks (apps/ops/dist/healthcheck.js)
#   gw admin <command...>       the operator CLI (apps/admin/dist/cli.js), one JSON object on stdout
#   gw <anything else>          exec it (e.g. `gw sh` for a shell)
# Plain node, no loader: `--conditions=gw-dist` makes `@gw/*` imports resolve to the packages'
# dist/ (their package.json `exports`); the image has no TypeScript loader.
set -eu
role="${1:-api}"
[ "$#" -gt 0 ] && shift
case "$role" in
  worker)
    # Heap limit from the configuration: WORKER_MAX_OLD_SPACE_MB (packages/runtime/src/config/env.ts,
    # default 128). Node 24 sizes the young generation up to 3 x 64 MiB; 8 MiB semi-spaces keep the
    # worker's peak RSS under 200 MiB at full speed with the larger old space (docs/operating.md).
    cd /app/apps/worker
    exec node --conditions=gw-dist --max-old-space-size="${WORKER_MAX_OLD_SPACE_MB:-128}" --max-semi-space-size=8 /app/apps/worker/dist/main.js "$@"
    ;;
  api | ops)
    cd "/app/apps/$role"
    exec node --conditions=gw-dist "/app/apps/$role/dist/main.js" "$@"
    ;;
  migrate)
    cd /app/packages/db
    exec node --conditions=gw-dist --no-warnings /app/packages/db/dist/cli/migrate.js "$@"
    ;;
  admin)
    cd /app/apps/admin
    exec node --conditions=gw-dist --no-warnings /app/apps/admin/dist/cli.js "$@"
    ;;
  healthcheck)
    cd /app/apps/ops
    exec node --conditions=gw-dist /app/apps/ops/dist/healthcheck.js "$@"
    ;;
  *)
    exec "$role" "$@"
    ;;
esac
