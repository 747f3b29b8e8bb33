#!/usr/bin/env bash
# Stops what scripts/services/up.sh started (each script's `stop` action; data stays in .services/).
# Usage: scripts/services/down.sh [service...]   (default: all of them)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
status=0
for name in ${*:-kafka ferretdb redis}; do
  [ -f "$here/$name.sh" ] || continue
  bash "$here/$name.sh" stop || status=1
done
exit $status
