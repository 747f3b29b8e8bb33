# Shared by the provisioning scripts of scripts/services/ (sourced, never run alone).
#
# Conventions every service script follows (redis.sh, ferretdb.sh, kafka.sh, chromium.sh):
#   <service>.sh [start|stop|status]   start is the default; every action is idempotent.
#   start prints `export NAME=value` lines on stdout (and only those), logs on stderr, and writes the
#   same lines to .services/<service>.env, so `eval "$(bash scripts/services/redis.sh)"` works.
#   Downloads and builds are cached under $SERVICES_CACHE; state, data and logs live in .services/.

SERVICES_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SERVICES_STATE_DIR="${SERVICES_STATE_DIR:-$SERVICES_REPO_ROOT/.services}"
SERVICES_CACHE="${SERVICES_CACHE:-${HOME:-/tmp}/.cache/marketplace-services}"
mkdir -p "$SERVICES_STATE_DIR" "$SERVICES_CACHE"

log() { printf '[services] %s\n' "$*" >&2; }
die() { printf '[services] ERROR: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, else through sudo when it exists.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}

# Installs Debian packages when missing. `apt-get update` runs once per machine and day (a marker
# file), and dpkg's lock is waited for, so two scripts installing at once do not fail each other.
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install $* with your system's package manager"
  # Our scripts run in parallel (up.sh): one apt at a time, since `apt-get update` does not wait for
  # the lists lock the way install waits for dpkg's.
  (
    flock -w 900 9 || die "waited 15 min for another apt-get of scripts/services"
    _apt_install_locked "$@" 9>&- # a daemon a package starts must not inherit (and keep) the lock
  ) 9>"$SERVICES_STATE_DIR/apt.lock"
}

_apt_install_locked() {
  local marker="$SERVICES_STATE_DIR/apt-updated"
  if [ -z "$(find "$marker" -mmin -1440 2>/dev/null)" ]; then
    log "apt-get update"
    as_root apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || die "apt-get update failed"
    touch "$marker"
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends "$@" >&2 || die "apt-get install $* failed"
}

# wait_until SECONDS DESCRIPTION COMMAND...: polls COMMAND every 0.2 s until it succeeds.
wait_until() {
  local seconds="$1" what="$2"; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
  log "$what is ready"
}

# True when the pid in this file belongs to a live process.
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# True when something accepts TCP connections on 127.0.0.1:PORT.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# stop_pidfile NAME PIDFILE: SIGTERM, then SIGKILL after 10 s; removes the pid file.
stop_pidfile() {
  local name="$1" pidfile="$2"
  if pid_alive "$pidfile"; then
    local pid; pid="$(cat "$pidfile")"
    log "stopping $name (pid $pid)"
    kill "$pid" 2>/dev/null || true
    local i
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
  else
    log "$name is not running"
  fi
  rm -f "$pidfile"
}

# emit_env SERVICE NAME=value...: prints the exports and keeps them in .services/<service>.env.
emit_env() {
  local service="$1"; shift
  local file="$SERVICES_STATE_DIR/$service.env" pair
  : > "$file"
  for pair in "$@"; do
    printf 'export %s=%q\n' "${pair%%=*}" "${pair#*=}" | tee -a "$file"
  done
}
