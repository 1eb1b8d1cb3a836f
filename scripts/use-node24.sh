# Puts a Node.js 24 (or later) first on PATH. Source it from the repository root (any POSIX shell):
#
#   . scripts/use-node24.sh && node --version          # v24.x
#
# or run a command under it:  sh scripts/use-node24.sh pnpm test
#
# When the `node` already on PATH is 24 or later, nothing changes. Otherwise the `node` package
# of the npm registry (which ships the Node 24 binary for this platform) is installed once into
# .tools/node24 (git-ignored) and its bin folder is put first on PATH, so that npm, pnpm and
# every process they start (jest, tsx, the Prisma CLI) run under Node 24.
gw_node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
# The repository root: GW_ROOT (run mode), else the nearest folder up from $PWD that has this script.
gw_repo_root() {
  if [ -n "${GW_ROOT:-}" ]; then echo "$GW_ROOT"; return; fi
  gw_dir="$PWD"
  while [ "$gw_dir" != "/" ] && [ ! -f "$gw_dir/scripts/use-node24.sh" ]; do gw_dir="$(dirname "$gw_dir")"; done
  if [ -f "$gw_dir/scripts/use-node24.sh" ]; then echo "$gw_dir"; else echo "$PWD"; fi
}
gw_use_node24() {
  gw_root="$(gw_repo_root)"
  if [ "$(gw_node_major node)" -ge 24 ] 2>/dev/null; then return 0; fi
  gw_tools="$gw_root/.tools/node24"
  # Behind a TLS-inspecting proxy the system npm trusts its CA through `cafile` in its global
  # npmrc (/usr/etc/npmrc here). An npm run on another node, or with --prefix, reads the global
  # npmrc of that prefix instead and loses it (SELF_SIGNED_CERT_IN_CHAIN), so hand the file on to
  # every Node process as NODE_EXTRA_CA_CERTS, read from the system npm before PATH changes.
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ]; then
    gw_ca="$(npm config get cafile 2>/dev/null || true)"
    if [ -n "$gw_ca" ] && [ "$gw_ca" != "null" ] && [ "$gw_ca" != "undefined" ] && [ -f "$gw_ca" ]; then
      NODE_EXTRA_CA_CERTS="$gw_ca"
      export NODE_EXTRA_CA_CERTS
    fi
  fi
  gw_bin="$gw_tools/node_modules/.bin"
  if [ "$(gw_node_major "$gw_bin/node")" -lt 24 ] 2>/dev/null; then
    echo "use-node24: installing node@24 from the npm registry into .tools/node24 (once)" >&2
    mkdir -p "$gw_tools"
    npm install --prefix "$gw_tools" --no-audit --no-fund --loglevel=error node@24 >&2 || return 1
  fi
  # npm's global prefix under this node is the `node` package itself, so `npm install -g pnpm`
  # puts its bin there: it goes on PATH too, or a fresh machine finds no pnpm after installing it.
  PATH="$gw_bin:$gw_tools/node_modules/node/bin:$PATH"
  export PATH
  hash -r 2>/dev/null || true
  [ "$(gw_node_major node)" -ge 24 ] || { echo "use-node24: no Node 24 on PATH" >&2; return 1; }
}

if [ "${0##*/}" = "use-node24.sh" ]; then
  # Run mode (`sh scripts/use-node24.sh <command...>`): replace this shell with the command.
  GW_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
  gw_use_node24 || exit 1
  [ "$#" -gt 0 ] && exec "$@"
else
  gw_use_node24
fi
