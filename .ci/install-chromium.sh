#!/usr/bin/env bash
# Makes sure a Chromium is at /usr/bin/chromium for the Bull Board browser test
# (apps/ops/test/bull-board.browser.test.ts drives it with playwright-core; Playwright never
# downloads a browser here). Idempotent: does nothing when /usr/bin/chromium is already there.
#
# - Debian (this project's machines): installs Debian's `chromium` package with apt-get.
# - Elsewhere (e.g. GitHub's Ubuntu runners, where `apt-get install chromium` is only a snap
#   stub): links an already installed chromium-browser / google-chrome to /usr/bin/chromium.
set -euo pipefail

TARGET=/usr/bin/chromium
[ -x "$TARGET" ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if grep -qi '^ID=debian' /etc/os-release 2>/dev/null && command -v apt-get >/dev/null 2>&1; then
  echo "== installing chromium (Debian package)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
else
  for candidate in chromium-browser google-chrome-stable google-chrome; do
    if path="$(command -v "$candidate")"; then
      echo "== linking $path to $TARGET"
      $SUDO ln -sf "$path" "$TARGET"
      break
    fi
  done
fi

if [ ! -x "$TARGET" ]; then
  echo "install-chromium: no Chromium at $TARGET and none could be installed" >&2
  exit 1
fi
"$TARGET" --version 2>/dev/null || true
