#!/bin/sh
# Entrypoint of the service-gateway image, installed as /usr/local/bin/gw. Its first argument is
# the role; the process is exec'ed so that it receives SIGTERM itself (graceful stop).
#   gw api | worker | ops       run that app (apps/<role>/src/main.ts through tsx)
#   gw migrate                  apply pending migrations (packages/db/src/cli/migrate.ts), exit
#   gw healthcheck <check...>   container health checks (apps/ops/src/healthcheck.ts)
#   gw admin <command...>       the operator CLI (apps/admin/src/cli.ts), one JSON object on stdout
#   gw <anything else>          exec it (e.g. `gw sh` for a shell)
set -eu
role="${1:-api}"
[ "$#" -gt 0 ] && shift
case "$role" in
  worker)
    # A 96 MiB old space keeps the worker's peak RSS under 200 MiB at full speed (bench/README.md).
    cd /app/apps/worker
    exec node --max-old-space-size=96 --import tsx src/main.ts "$@"
    ;;
  api | ops)
    cd "/app/apps/$role"
    exec node --import tsx src/main.ts "$@"
    ;;
  migrate)
    # tsx is a dependency of the apps, not of packages/db: resolve it from apps/ops.
    cd /app/apps/ops
    exec node --experimental-wasm-modules --no-warnings --import tsx /app/packages/db/src/cli/migrate.ts "$@"
    ;;
  admin)
    cd /app/apps/admin
    exec node --no-warnings --import tsx src/cli.ts "$@"
    ;;
  healthcheck)
    cd /app/apps/ops
    exec node --import tsx src/healthcheck.ts "$@"
    ;;
  *)
    exec "$role" "$@"
    ;;
esac
