#!/usr/bin/env bash
# Chromium for the browser tests (playwright-core drives it; no test downloads a browser): Debian's
# `chromium` package. Usage: scripts/services/chromium.sh [start|status]
# (start installs when missing and prints `export CHROMIUM_PATH=...`)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

path="${CHROMIUM_PATH:-/usr/bin/chromium}"

case "${1:-start}" in
  start)
    [ -x "$path" ] || { apt_install chromium; path=/usr/bin/chromium; }
    "$path" --version 2>/dev/null >&2 || die "$path does not run"
    emit_env chromium "CHROMIUM_PATH=$path"
    ;;
  stop) : ;; # nothing runs
  status) if [ -x "$path" ]; then echo "chromium: $path"; else echo "chromium: not installed"; exit 1; fi ;;
  *) die "usage: $0 [start|status]" ;;
esac
