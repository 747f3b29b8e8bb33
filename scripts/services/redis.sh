#!/usr/bin/env bash
# Redis for the Cache, JobQueue (BullMQ) and Realtime adapters: Debian's redis-server, run as a daemon
# on 127.0.0.1:${REDIS_PORT:-16379} with its data, pid and log in .services/redis/.
# Usage: scripts/services/redis.sh [start|stop|kill|restart|status]
#   start (default) installs when missing, starts or reuses the daemon, prints `export REDIS_URL=...`
#   kill  SIGKILL, as a crash would; `start` then recovers the data from the append-only file
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

port="${REDIS_PORT:-16379}"
dir="$SERVICES_STATE_DIR/redis"
pidfile="$dir/redis.pid"
url="redis://127.0.0.1:$port"
mkdir -p "$dir"

ping() { [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = "PONG" ]; }

start() {
  command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 || apt_install redis-server
  if pid_alive "$pidfile" && ping; then
    log "redis already running on $url (pid $(cat "$pidfile"))"
  else
    port_open "$port" && die "port $port is taken by another process: set REDIS_PORT to a free port"
    log "starting redis-server on $url"
    # appendonly + fsync always: a job enqueued before a crash is still there after a restart.
    # noeviction: BullMQ requires that Redis never drops its keys under memory pressure.
    redis-server --bind 127.0.0.1 --port "$port" --daemonize yes \
      --pidfile "$pidfile" --logfile "$dir/redis.log" --dir "$dir" \
      --save '' --appendonly yes --appendfsync always --maxmemory-policy noeviction \
      || die "redis-server did not start; see $dir/redis.log"
    wait_until 30 "redis on $url" ping || die "redis did not answer PING within 30 s; see $dir/redis.log"
  fi
  emit_env redis "REDIS_URL=$url"
}

case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile redis "$pidfile" ;;
  kill) if pid_alive "$pidfile"; then kill -9 "$(cat "$pidfile")"; log "redis killed"; fi; rm -f "$pidfile" ;;
  restart) stop_pidfile redis "$pidfile"; start ;;
  status) if pid_alive "$pidfile" && ping; then echo "redis: running on $url"; else echo "redis: stopped"; exit 1; fi ;;
  *) die "usage: $0 [start|stop|kill|restart|status]" ;;
esac
