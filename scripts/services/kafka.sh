#!/usr/bin/env bash
# Kafka for the Relay and the Kafka EventFeed: a single-node KRaft broker (broker and controller in one
# JVM) run from the Maven Central jars of org.apache.kafka:kafka_2.13 — no Docker, no tarball.
# Jars are cached under $SERVICES_CACHE/kafka-<version>/; config, data, pid and log live in .services/kafka/.
#
# Usage: scripts/services/kafka.sh [start|stop|kill|restart|status]
#   start    (default) provisions, formats the storage once, starts the broker, waits until it serves,
#            and prints `export KAFKA_BROKERS=127.0.0.1:<port>`: eval "$(bash scripts/services/kafka.sh)"
#   stop     graceful shutdown (SIGTERM, SIGKILL after 10 s)
#   kill     SIGKILL, as a crash would (the failure tests use it; `start` recovers the same data)
#   restart  stop, then start
#   status   says whether it runs; exit 1 when it does not
# Environment: KAFKA_PORT (19092), KAFKA_CONTROLLER_PORT (19093), KAFKA_VERSION (3.9.2),
#   KAFKA_HEAP (512m), SERVICES_CACHE, SERVICES_STATE_DIR.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

version="${KAFKA_VERSION:-3.9.2}"
port="${KAFKA_PORT:-19092}"
controller_port="${KAFKA_CONTROLLER_PORT:-19093}"
heap="${KAFKA_HEAP:-512m}"
libs="$SERVICES_CACHE/kafka-$version/libs"
dir="$SERVICES_STATE_DIR/kafka"
pidfile="$dir/kafka.pid"
logfile="$dir/kafka.log"
brokers="127.0.0.1:$port"
mkdir -p "$dir"

# The broker's runtime class path, resolved by Maven from kafka_2.13's POM (plus a log4j 1 binding:
# Kafka 3.9 logs through slf4j to reload4j, which the broker POM leaves to the distribution).
provision_jars() {
  [ -f "$libs/.complete" ] && return 0
  command -v java >/dev/null 2>&1 || apt_install openjdk-17-jre-headless
  command -v mvn >/dev/null 2>&1 || apt_install maven
  log "resolving org.apache.kafka:kafka_2.13:$version and its runtime dependencies from Maven Central"
  local work; work="$(mktemp -d)"
  cat > "$work/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.marketplace</groupId>
  <artifactId>kafka-broker-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$version</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
EOF
  rm -rf "$libs.partial"
  mvn -B -q -f "$work/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$libs.partial" >&2 || die "maven could not resolve kafka_2.13:$version"
  rm -rf "$work" "$libs"
  mv "$libs.partial" "$libs"
  touch "$libs/.complete"
  log "cached $(ls "$libs" | wc -l) jars in $libs"
}

write_config() {
  cat > "$dir/server.properties" <<EOF
# Written by scripts/services/kafka.sh: one KRaft node that is both broker and controller, on loopback.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir/data

# One node: every topic has one replica; new topics are made on first use with one partition, so a
# topic per aggregate category keeps all of a category's events in order.
auto.create.topics.enable=true
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0

num.network.threads=2
num.io.threads=4
log.retention.hours=168
EOF
  cat > "$dir/log4j.properties" <<EOF
# Written by scripts/services/kafka.sh: everything to stdout, which the script sends to kafka.log.
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.org.apache.kafka.clients=WARN
log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN
EOF
  cat > "$dir/log4j-tools.properties" <<EOF
# Written by scripts/services/kafka.sh: the storage tool says only what went wrong.
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

java_args=(-Xms128m -Xmx"$heap" -XX:+UseG1GC -Djava.awt.headless=true
  -Dlog4j.configuration="file:$dir/log4j.properties" -cp "$libs/*")
storage_tool() { java -Xmx256m -Dlog4j.configuration="file:$dir/log4j-tools.properties" -cp "$libs/*" kafka.tools.StorageTool "$@"; }

# Formats the log directory once; its meta.properties marks it formatted (and keeps the cluster id).
format_storage() {
  [ -f "$dir/data/meta.properties" ] && return 0
  local cluster_id; cluster_id="$(storage_tool random-uuid | tail -n 1)"
  log "formatting KRaft storage in $dir/data (cluster $cluster_id)"
  storage_tool format -t "$cluster_id" -c "$dir/server.properties" --ignore-formatted >&2 \
    || die "kafka storage format failed"
}

# Serving: the listener accepts connections and this run of the broker logged that it started.
serving() { port_open "$port" && grep -q 'Kafka Server started' "$logfile" 2>/dev/null; }

start() {
  provision_jars
  # A broker of ours that is still starting (another start running) is waited for, not restarted.
  if pid_alive "$pidfile" && { serving || wait_until 120 "kafka on $brokers" serving; }; then
    log "kafka already running on $brokers (pid $(cat "$pidfile"))"
  else
    pid_alive "$pidfile" && stop_pidfile kafka "$pidfile"
    port_open "$port" && die "port $port is taken by another process: set KAFKA_PORT to a free port"
    port_open "$controller_port" && die "port $controller_port is taken: set KAFKA_CONTROLLER_PORT to a free port"
    write_config
    format_storage
    [ -f "$logfile" ] && mv "$logfile" "$logfile.1"
    log "starting kafka $version (KRaft) on $brokers"
    # setsid: the broker outlives this script and the shell that ran it.
    setsid java "${java_args[@]}" kafka.Kafka "$dir/server.properties" > "$logfile" 2>&1 < /dev/null &
    echo $! > "$pidfile"
    if ! wait_until 120 "kafka on $brokers" serving; then
      tail -n 30 "$logfile" >&2 || true
      die "kafka did not start within 120 s; see $logfile"
    fi
  fi
  emit_env kafka "KAFKA_BROKERS=$brokers"
}

case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile kafka "$pidfile" ;;
  kill)
    if pid_alive "$pidfile"; then log "killing kafka (pid $(cat "$pidfile")) with SIGKILL"; kill -9 "$(cat "$pidfile")"; fi
    for _ in $(seq 1 50); do pid_alive "$pidfile" || break; sleep 0.1; done
    rm -f "$pidfile" ;;
  restart) stop_pidfile kafka "$pidfile"; start ;;
  status) if pid_alive "$pidfile" && serving; then echo "kafka: running on $brokers"; else echo "kafka: stopped"; exit 1; fi ;;
  *) die "usage: $0 [start|stop|kill|restart|status]" ;;
esac
