# Starts the real engines the test suites use and exports their URLs into the calling shell:
#   REDIS_URL      redis.sh     Debian's redis-server
#   MONGO_URL      ferretdb.sh  FerretDB v1.24 on SQLite (MongoDB wire protocol)
#   KAFKA_BROKERS  kafka.sh     single-node KRaft broker (when the script exists)
#   CHROMIUM_PATH  chromium.sh  Debian's chromium-headless-shell
#   SCHEMATHESIS_PATH  schemathesis.sh  the API fuzzer from PyPI, in a virtualenv
#   SMTP_SINK_PYTHON smtp-sink.sh a Python with aiosmtpd (PyPI, else Debian), for the SMTP suite's own server
#
# Usage:  source scripts/services/up.sh        (exports into your shell; `.ci/run` does this)
#         bash scripts/services/up.sh          (starts them and prints the export lines)
#         SERVICES="redis ferretdb" source scripts/services/up.sh   (a subset)
# Idempotent: running services are reused. Stop them with scripts/services/down.sh.
# A service that fails makes this return non-zero after the others have started, with its log
# printed; SERVICES_ALLOW_MISSING=1 turns that into a warning (its suites then report themselves skipped).
#
# Written to be sourced by a `set -euo pipefail` shell: everything runs in functions whose failures
# are caught, nothing here calls `exit`, and the caller's shell options are left as they were.

_services_up() {
  local here; here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  local state="${SERVICES_STATE_DIR:-$(cd "$here/../.." && pwd)/.services}"
  local wanted="${SERVICES:-redis ferretdb kafka chromium smtp-sink schemathesis}"
  mkdir -p "$state/up" || return 1

  # Runs one service script; its stdout (the export lines), stderr and exit code go to files.
  _services_run_one() {
    local name="$1" started=$SECONDS
    rm -f "$state/up/$name.rc"
    bash "$here/$name.sh" start >"$state/up/$name.out" 2>"$state/up/$name.log"
    echo "$? $((SECONDS - started))" >"$state/up/$name.rc"
  }

  local name apt_chain="" others=() pids=()
  for name in $wanted; do
    if [ ! -f "$here/$name.sh" ]; then
      echo "[services] $name: no scripts/services/$name.sh here, skipped" >&2
      continue
    fi
    case "$name" in
      redis|chromium) apt_chain="$apt_chain $name" ;; # both use apt: one after the other
      *) others+=("$name") ;;
    esac
  done

  echo "[services] starting:${apt_chain} ${others[*]:-} (logs in $state/up/)" >&2
  if [ -n "$apt_chain" ]; then
    ( for name in $apt_chain; do _services_run_one "$name"; done ) &
    pids+=($!)
  fi
  for name in "${others[@]}"; do
    ( _services_run_one "$name" ) &
    pids+=($!)
  done
  local pid
  for pid in "${pids[@]}"; do wait "$pid" || true; done

  local failed="" rc seconds line
  for name in $apt_chain "${others[@]}"; do
    read -r rc seconds <"$state/up/$name.rc" 2>/dev/null || { rc=1; seconds=0; }
    if [ "$rc" = 0 ]; then
      while IFS= read -r line; do
        case "$line" in export\ *) eval "$line" ;; esac
      done <"$state/up/$name.out"
      # A script that keeps its exports only in .services/<name>.env is read from there too.
      if ! grep -q '^export ' "$state/up/$name.out" && [ -f "$state/$name.env" ]; then
        # shellcheck source=/dev/null
        . "$state/$name.env"
      fi
      echo "[services] $name: ready in ${seconds}s: $(grep -h '^export ' "$state/up/$name.out" | sed 's/^export //' | tr '\n' ' ')" >&2
    else
      failed="$failed $name"
      echo "[services] $name: FAILED (exit $rc) after ${seconds}s; last lines of $state/up/$name.log:" >&2
      tail -n 30 "$state/up/$name.log" | sed 's/^/    /' >&2
    fi
  done

  if [ -n "$failed" ]; then
    if [ "${SERVICES_ALLOW_MISSING:-0}" = 1 ]; then
      echo "[services] WARNING: not started:$failed (SERVICES_ALLOW_MISSING=1: their suites will be skipped)" >&2
      return 0
    fi
    echo "[services] ERROR: not started:$failed. Fix the error above, or set SERVICES_ALLOW_MISSING=1 to go on without them." >&2
    return 1
  fi
}

_services_cleanup() { unset -f _services_up _services_run_one _services_cleanup; }

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run, not sourced: start them and print what to export.
  _services_up && env | grep -E '^(REDIS_URL|MONGO_URL|KAFKA_BROKERS|CHROMIUM_PATH|SMTP_SINK_PYTHON|SCHEMATHESIS_PATH)=' | sed 's/^/export /'
else
  if _services_up; then _services_cleanup; else _services_cleanup; false; fi
fi
