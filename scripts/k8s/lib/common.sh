# Shared by every part of scripts/k8s: where things live, logging, package installs, background
# processes. Sourced, never run.

CACHE="${BOARDSYNC_CACHE:-$HOME/.cache/boardsync}"
K8S_HOME="$CACHE/k8s"         # what is built once and kept: binaries, image archives
BIN="$K8S_HOME/bin"
STATE="${BOARDSYNC_K8S_STATE:-/var/lib/boardsync-k8s}"  # the node's data: made by up, removed by down
RUNDIR=/run/boardsync-k8s     # sockets and pid files (short paths: unix sockets allow 107 bytes)
LOGS="$STATE/logs"
K8S_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="$(cd "$K8S_DIR/../.." && pwd)"

KUBERNETES_VERSION=v1.34.3
NODE_NAME=boardsync-node
BRIDGE=bsk8s0
# The node's own address on its pod bridge: pods reach the API server, the kubelet and the host's
# datastores (through loopback forwarders) here; nothing listens on any other interface.
NODE_IP=10.244.0.1
POD_CIDR=10.244.0.0/24
SERVICE_CIDR=10.96.0.0/16
API_SERVICE_IP=10.96.0.1
DNS_SERVICE_IP=10.96.0.10
API_PORT=6443
CLUSTER_DOMAIN=cluster.local
KUBECONFIG_ADMIN="$STATE/pki/admin.kubeconfig"
CONTAINERD_SOCK="$RUNDIR/containerd.sock"

say() { printf '[k8s %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[k8s] error: %s\n' "$*" >&2; exit 1; }

APT_UPDATED=0
apt_install() {
  [ "$(id -u)" = 0 ] || die "installing $* needs root (apt-get)"
  if [ "$APT_UPDATED" = 0 ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

wait_for() { # wait_for <what> <seconds> <command…>
  local what=$1 limit=$2; shift 2
  local deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "$what did not become ready within ${limit}s (logs: $LOGS)"
    sleep 0.5
  done
}

kubectl() { "$BIN/kubectl" --kubeconfig "$KUBECONFIG_ADMIN" "$@"; }

# start_daemon <name> <command…>: in its own session, output to $LOGS/<name>.log, pid in $RUNDIR;
# started again 2 s after it exits, as a node's service manager would (Restart=always).
start_daemon() {
  local name=$1; shift
  mkdir -p "$LOGS" "$RUNDIR"
  if daemon_running "$name"; then return 0; fi
  # shellcheck disable=SC2016 # expanded by the inner shell
  setsid nohup bash -c 'while :; do "$@"; echo "[k8s] $1 exited ($?); starting it again in 2 s"; sleep 2; done' _ "$@" \
    >>"$LOGS/$name.log" 2>&1 </dev/null &
  echo $! >"$RUNDIR/$name.pid"
}
daemon_pid() { cat "$RUNDIR/$1.pid" 2>/dev/null; }
daemon_running() { local p; p=$(daemon_pid "$1") && [ -n "$p" ] && kill -0 "$p" 2>/dev/null; }
# stop_daemon <name> [seconds]: TERM, then KILL after the grace period; the whole session goes.
stop_daemon() {
  local name=$1 grace=${2:-15} p
  p=$(daemon_pid "$name") || return 0
  if [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then
    kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null || true
    local deadline=$((SECONDS + grace))
    while kill -0 "$p" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null || true
  fi
  rm -f "$RUNDIR/$name.pid"
}
