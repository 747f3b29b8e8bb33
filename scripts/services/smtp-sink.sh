#!/usr/bin/env bash
# A Python with aiosmtpd, for the SMTP suite (infra/mail/smtp-mail.test.ts starts scripts/services/smtp-sink.py,
# a real SMTP server writing each message it receives into a directory). aiosmtpd comes from PyPI
# (pip, bounded time), else from Debian's python3-aiosmtpd. Usage: scripts/services/smtp-sink.sh [start|status]
# (start installs when missing and prints `export SMTP_SINK_PYTHON=...`)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

has_aiosmtpd() { "$1" -c 'import aiosmtpd.controller' >/dev/null 2>&1; }

find_python() {
  local candidate
  for candidate in "${SMTP_SINK_PYTHON:-}" "$(command -v python3 || true)" /usr/bin/python3; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && has_aiosmtpd "$candidate" && { echo "$candidate"; return 0; }
  done
  return 1
}

case "${1:-start}" in
  start)
    if ! python="$(find_python)"; then
      python="$(command -v python3 || echo /usr/bin/python3)"
      if [ -x "$python" ]; then
        log "pip install aiosmtpd (for $python)"
        timeout 300 "$python" -m pip install --quiet --disable-pip-version-check aiosmtpd >&2 \
          || timeout 300 "$python" -m pip install --quiet --disable-pip-version-check --break-system-packages aiosmtpd >&2 \
          || log "pip could not install aiosmtpd; trying Debian's python3-aiosmtpd"
      fi
      if ! python="$(find_python)"; then
        apt_install python3-aiosmtpd
        python="$(find_python)" || die "no Python with aiosmtpd after installing it"
      fi
    fi
    emit_env smtp-sink "SMTP_SINK_PYTHON=$python"
    ;;
  stop) : ;; # nothing runs: each test suite starts its own sink
  status) if python="$(find_python)"; then echo "smtp-sink: $python has aiosmtpd"; else echo "smtp-sink: no Python with aiosmtpd"; exit 1; fi ;;
  *) die "usage: $0 [start|status]" ;;
esac
