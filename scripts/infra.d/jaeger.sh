# shellcheck shell=bash
# Jaeger, the trace backend, sourced by scripts/infra: say, die, wait_for, port_open and
# $CACHE come from there. Jaeger v2 (the `cmd/jaeger` of module version v1.76.0) is an
# OpenTelemetry Collector build: it takes OTLP and keeps traces in memory, and its query API answers
# on 16686. Every listener is on loopback (its defaults bind all interfaces: ":16686").
#
# Built from the Go module proxy like MinIO, but not with `go install …@version`: Jaeger's go.mod
# has a replace directive (github.com/Shopify/sarama => v1.33.0), which `go install` refuses and
# which binds only Jaeger's own main module. So a throwaway module under $JAEGER_HOME/src requires
# it as a tool, repeats that replace (check Jaeger's go.mod for others when changing the version),
# and builds it as upstream does (CGO off, trimmed paths).
#
# The module carries no built web UI (upstream embeds it from the separate jaeger-ui repository,
# which is no Go module): http://127.0.0.1:16686 shows a placeholder page, and traces are read
# through the query API, /api/services and /api/traces?service=NAME (JSON).

JAEGER_VERSION=v1.76.0
JAEGER_MODULE=github.com/jaegertracing/jaeger
JAEGER_HOME="$CACHE/jaeger"
JAEGER_OTLP_GRPC_PORT=4317
JAEGER_OTLP_HTTP_PORT=4318
JAEGER_QUERY_PORT=16686
JAEGER_QUERY_GRPC_PORT=16685
# Memory storage: the oldest traces go past this many.
JAEGER_MAX_TRACES=20000
jaeger_bin="$JAEGER_HOME/bin/jaeger"

jaeger_install() {
  [ -x "$jaeger_bin" ] && [ "$(cat "$JAEGER_HOME/bin/.version" 2>/dev/null)" = "$JAEGER_VERSION" ] && return 0
  command -v go >/dev/null || die "Jaeger is built with 'go build', and no Go toolchain is on PATH"
  say "building Jaeger $JAEGER_VERSION from the Go module proxy (first run only; several minutes on 2 cores)"
  local src="$JAEGER_HOME/src"
  rm -rf "$src" && mkdir -p "$src" "$JAEGER_HOME/bin"
  # go get names each of its ~330 modules: that goes to the build log, shown only on failure.
  # (A chain, not set -e: that is off on the left of ||.)
  (
    export GOMODCACHE="$CACHE/go/mod" GOCACHE="$CACHE/go/build" GOFLAGS=-mod=mod CGO_ENABLED=0
    cd "$src" &&
      go mod init boardsync.local/jaeger-build &&
      go mod edit -replace github.com/Shopify/sarama=github.com/Shopify/sarama@v1.33.0 &&
      go get -tool "$JAEGER_MODULE/cmd/jaeger@$JAEGER_VERSION" &&
      go build -trimpath -ldflags "-s -w -X $JAEGER_MODULE/internal/version.latestVersion=$JAEGER_VERSION" \
        -o "$jaeger_bin.new" "$JAEGER_MODULE/cmd/jaeger"
  ) >"$JAEGER_HOME/build.log" 2>&1 || die "building Jaeger failed; the end of $JAEGER_HOME/build.log:"$'\n'"$(tail -15 "$JAEGER_HOME/build.log")"
  mv -f "$jaeger_bin.new" "$jaeger_bin"
  echo "$JAEGER_VERSION" >"$JAEGER_HOME/bin/.version"
}

jaeger_pid() { cat "$JAEGER_HOME/jaeger.pid" 2>/dev/null; }
jaeger_running() {
  local p; p=$(jaeger_pid) && [ -n "$p" ] && kill -0 "$p" 2>/dev/null && grep -qa jaeger "/proc/$p/cmdline" 2>/dev/null
}
jaeger_ready() { port_open "$JAEGER_OTLP_HTTP_PORT" && curl -fsS -o /dev/null "http://127.0.0.1:$JAEGER_QUERY_PORT/api/services"; }

jaeger_config() {
  cat >"$JAEGER_HOME/config.yaml" <<EOF
# Written by scripts/infra (scripts/infra.d/jaeger.sh) at every start: edits are lost.
service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    resource:
      service.name: jaeger
    # No self-metrics listener (the collector's default is a Prometheus endpoint on 8888).
    metrics:
      level: none
    logs:
      level: info
extensions:
  jaeger_storage:
    backends:
      memory_store:
        memory:
          max_traces: $JAEGER_MAX_TRACES
  jaeger_query:
    storage:
      traces: memory_store
    # Jaeger tracing its own queries would fill the service list with "jaeger".
    enable_tracing: false
    http:
      endpoint: 127.0.0.1:$JAEGER_QUERY_PORT
    grpc:
      endpoint: 127.0.0.1:$JAEGER_QUERY_GRPC_PORT
receivers:
  otlp:
    protocols:
      grpc:
        endpoint: 127.0.0.1:$JAEGER_OTLP_GRPC_PORT
      http:
        endpoint: 127.0.0.1:$JAEGER_OTLP_HTTP_PORT
processors:
  batch:
exporters:
  jaeger_storage_exporter:
    trace_storage: memory_store
EOF
}

jaeger_up() {
  jaeger_install
  if ! jaeger_running; then
    # One that answers without our pid file (started by hand, or the file was lost) is used as is.
    if jaeger_ready 2>/dev/null; then say "Jaeger already answers on 127.0.0.1:$JAEGER_QUERY_PORT (not started by scripts/infra)"; return 0; fi
    say "starting Jaeger"
    jaeger_config
    : >"$JAEGER_HOME/jaeger.log"
    GOMEMLIMIT=512MiB setsid nohup "$jaeger_bin" --config "$JAEGER_HOME/config.yaml" \
      >>"$JAEGER_HOME/jaeger.log" 2>&1 </dev/null &
    echo $! >"$JAEGER_HOME/jaeger.pid"
  fi
  local deadline=$((SECONDS + 60))
  until jaeger_ready 2>/dev/null; do
    # A port taken or a bad config ends it at once: say so rather than wait out the minute. (The
    # pid alone: while setsid and nohup exec into Jaeger, its cmdline can read empty for a moment.)
    kill -0 "$(jaeger_pid)" 2>/dev/null || die "Jaeger exited; the end of $JAEGER_HOME/jaeger.log:"$'\n'"$(tail -5 "$JAEGER_HOME/jaeger.log")"
    ((SECONDS < deadline)) || die "Jaeger did not become ready within 60s (log: $JAEGER_HOME/jaeger.log)"
    sleep 0.5
  done
}

jaeger_down() {
  jaeger_running || { rm -f "$JAEGER_HOME/jaeger.pid"; return 0; }
  local p; p=$(jaeger_pid)
  kill "$p" 2>/dev/null || true
  local deadline=$((SECONDS + 15))
  while kill -0 "$p" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.3; done
  kill -9 "$p" 2>/dev/null || true
  rm -f "$JAEGER_HOME/jaeger.pid"
}

jaeger_status() {
  if jaeger_ready 2>/dev/null; then
    echo "jaeger    up    127.0.0.1:$JAEGER_OTLP_HTTP_PORT (OTLP/HTTP), :$JAEGER_OTLP_GRPC_PORT (OTLP/gRPC), :$JAEGER_QUERY_PORT (query), :$JAEGER_QUERY_GRPC_PORT (query gRPC)"
  else echo "jaeger    down"; fi
}
