#!/usr/bin/env bash
# Schemathesis (PyPI), the API fuzzer test/schemathesis.test.ts runs against /api/openapi.json, in its
# own virtualenv under the services cache (built once per version, reused by every clone).
# Usage: scripts/services/schemathesis.sh [start|stop|status]
# (start installs when missing and prints `export SCHEMATHESIS_PATH=.../bin/st`)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Pinned: the run's case counts and the checks' meaning are those of this version (4.x CLI flags).
version="${SCHEMATHESIS_VERSION:-4.32.5}"
venv="$SERVICES_CACHE/schemathesis-$version"
st="$venv/bin/st"

installed() { [ -x "$st" ] && "$st" --version 2>/dev/null | grep -q "$version"; }

install() {
  local python; python="$(command -v python3 || true)"
  [ -n "$python" ] || { apt_install python3 python3-venv; python="$(command -v python3)"; }
  log "installing schemathesis $version into $venv ($("$python" --version 2>&1))"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv" >&2; then
    apt_install python3-venv
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2 || die "python3 -m venv failed"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" >&2 \
    || { rm -rf "$venv"; die "pip install schemathesis==$version failed"; }
}

case "${1:-start}" in
  start)
    installed || install
    installed || die "$st does not run"
    emit_env schemathesis "SCHEMATHESIS_PATH=$st"
    ;;
  stop) : ;; # nothing runs
  status) if installed; then echo "schemathesis: $st"; else echo "schemathesis $version: not installed"; exit 1; fi ;;
  *) die "usage: $0 [start|stop|status]" ;;
esac
