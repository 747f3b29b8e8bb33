#!/usr/bin/env bash
# A MongoDB wire-protocol server for the ViewStore adapter where no MongoDB is packaged: FerretDB v1.24
# on its SQLite backend, built from the Go module proxy (source in scripts/services/ferretdb/), listening
# on 127.0.0.1:${FERRETDB_PORT:-27018} with its SQLite files in .services/ferretdb/data/.
# Usage: scripts/services/ferretdb.sh [start|stop|status]   (start prints `export MONGO_URL=...`)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

port="${FERRETDB_PORT:-27018}"
dir="$SERVICES_STATE_DIR/ferretdb"
pidfile="$dir/ferretdb.pid"
url="mongodb://127.0.0.1:$port/"
src="$SERVICES_REPO_ROOT/scripts/services/ferretdb"
mkdir -p "$dir"

# The binary is cached by a hash of its source, so a changed main.go or go.mod rebuilds it.
source_hash="$(cat "$src/main.go" "$src/go.mod" | sha256sum | cut -c1-12)"
binary="$SERVICES_CACHE/ferretdb/ferretdb-sqlite-$source_hash"

find_go() {
  local go
  for go in "$(command -v go 2>/dev/null || true)" /usr/local/go/bin/go /usr/lib/go/bin/go; do
    [ -n "$go" ] && [ -x "$go" ] && { echo "$go"; return 0; }
  done
  return 1
}

build() {
  [ -x "$binary" ] && return 0
  local go; go="$(find_go)" || die "Go (>= 1.22) is needed to build FerretDB: install it from go.dev or your package manager"
  log "building FerretDB v1.24 with $($go version) (first run only; cached in $binary)"
  # Build from a copy so go.sum (generated here, from the module proxy's checksums) stays out of the repo.
  local work="$dir/build"
  rm -rf "$work" && mkdir -p "$work" "$(dirname "$binary")"
  cp "$src/main.go" "$src/go.mod" "$work/"
  (cd "$work" && GOFLAGS=-mod=mod CGO_ENABLED=0 "$go" build -trimpath -o "$binary.tmp" .) >&2 \
    || die "go build of FerretDB failed (is the Go module proxy reachable?)"
  mv "$binary.tmp" "$binary"
}

# A real `ping` command over the wire protocol (with the repo's mongodb driver when installed),
# so "ready" means FerretDB answers queries, not only that its port is open.
ping() {
  if [ -d "$SERVICES_REPO_ROOT/node_modules/mongodb" ] && command -v node >/dev/null 2>&1; then
    (cd "$SERVICES_REPO_ROOT" && node -e '
      const { MongoClient } = require("mongodb");
      const client = new MongoClient(process.argv[1], { serverSelectionTimeoutMS: 1000 });
      client.db("admin").command({ ping: 1 })
        .then(() => client.close()).then(() => process.exit(0), () => process.exit(1));
    ' "$url")
  else
    port_open "$port"
  fi
}

start() {
  build
  if pid_alive "$pidfile" && ping; then
    log "ferretdb already running on $url (pid $(cat "$pidfile"))"
  else
    port_open "$port" && die "port $port is taken by another process: set FERRETDB_PORT to a free port"
    log "starting FerretDB (SQLite backend) on $url"
    # setsid: its own session, so it outlives this script and a signal to the caller's process group.
    setsid "$binary" -listen "127.0.0.1:$port" -sqlite-dir "$dir/data" \
      </dev/null >>"$dir/ferretdb.log" 2>&1 &
    echo $! > "$pidfile"
    wait_until 60 "ferretdb on $url" ping || die "FerretDB did not answer a ping within 60 s; see $dir/ferretdb.log"
  fi
  emit_env ferretdb "MONGO_URL=$url"
}

case "${1:-start}" in
  start) start ;;
  build) build ;;
  stop) stop_pidfile ferretdb "$pidfile" ;;
  status) if pid_alive "$pidfile" && ping; then echo "ferretdb: running on $url"; else echo "ferretdb: stopped"; exit 1; fi ;;
  *) die "usage: $0 [start|build|stop|status]" ;;
esac
