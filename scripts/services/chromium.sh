#!/usr/bin/env bash
# Chromium for the browser tests (playwright-core drives it; no test downloads a browser): Debian's
# `chromium-headless-shell` package, the headless-only build of the same Blink (what Playwright runs
# headless), about 40% less CPU for the browser tier than the full `chromium`.
# Usage: scripts/services/chromium.sh [start|status]
# (start installs when missing and prints `export CHROMIUM_PATH=...`; a CHROMIUM_PATH set before wins)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"

case "${1:-start}" in
  start)
    [ -x "$path" ] || { apt_install chromium-headless-shell; path=/usr/bin/chromium-headless-shell; }
    "$path" --version 2>/dev/null >&2 || die "$path does not run"
    emit_env chromium "CHROMIUM_PATH=$path"
    ;;
  stop) : ;; # nothing runs
  status) if [ -x "$path" ]; then echo "chromium: $path"; else echo "chromium: not installed"; exit 1; fi ;;
  *) die "usage: $0 [start|status]" ;;
esac
