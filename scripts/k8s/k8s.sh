#!/usr/bin/env bash
# A single-node Kubernetes on this machine's loopback and pod bridge, with boardsync installed by
# its Helm charts against the host's datastores (scripts/infra): the platform team's first
# `helm install`, rehearsed here. Everything is built from Debian packages and the Go module proxy
# (no release downloads, no image registry) and cached under $BOARDSYNC_CACHE/k8s.
#
#   npm run k8s -- up        install what is missing, start the node, install the release, print
#                            the gateway's address and the demo sign-in
#   npm run k8s -- down      stop every process, pod and container; remove the node's state
#   npm run k8s -- status    one line per component, then the release's pods
#   npm run k8s -- install   only build and cache what up needs
#   npm run k8s -- env       KUBECONFIG, PATH and HELM for a shell: eval "$(npm run -s k8s -- env)"
#
# The node: Kubernetes 1.34 (etcd, kube-apiserver, controller-manager, scheduler, kubelet,
# kube-proxy as host processes), containerd 1.6 with runc and the bridge CNI plugin,
# kube-router's network-policy controller, CoreDNS and metrics-server as pods.
# What it proves: tests/k8s (npm run test:k8s); docs/operations.md, "Rehearsal on Kubernetes".
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
source "$HERE/lib/common.sh"
source "$HERE/lib/install.sh"
source "$HERE/lib/pki.sh"
source "$HERE/lib/images.sh"
source "$HERE/lib/node.sh"

export PATH="$REPO/node_modules/.bin:$PATH"
TAG="${BOARDSYNC_K8S_TAG:-$(node -p "require('$REPO/package.json').version")}"

addons_up() {
  sed -e "s/\${COREDNS_VERSION}/$COREDNS_VERSION/" -e "s/\${METRICS_SERVER_VERSION}/$METRICS_SERVER_VERSION/" \
    -e "s/\${DNS_SERVICE_IP}/$DNS_SERVICE_IP/" "$HERE/manifests/addons.yaml" | kubectl apply --server-side -f - >/dev/null
  wait_for "CoreDNS" 120 kubectl -n kube-system rollout status deployment/coredns --timeout 2s
  wait_for "metrics-server" 180 kubectl get --raw /apis/metrics.k8s.io/v1beta1/nodes
}

# The host's Kafka must have its NODE listener (scripts/infra); one started before it existed is restarted.
kafka_node_listener() {
  (exec 3<>/dev/tcp/127.0.0.1/19092) 2>/dev/null && return 0
  say "restarting the host's Kafka with its listener for pods (port 19092)"
  bash "$REPO/scripts/infra" stop kafka && bash "$REPO/scripts/infra" start kafka
}

# upgrade_image <tag>: the images of this checkout plus one new catalog migration
# (scripts/k8s/upgrade/), under a new tag, imported into the running node: what tests/k8s upgrades to.
upgrade_image() {
  local tag=$1 tree; tree=$(mktemp -d)
  (cd "$REPO" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$tree" 2>/dev/null) || true
  local migrations="$tree/services/catalog/src/store/migrations"
  cp "$HERE/upgrade/20991231000000-rehearsal-upgrade.ts" "$migrations/"
  sed -i -e "1i import { RehearsalUpgrade } from './20991231000000-rehearsal-upgrade.ts';" \
    -e 's/OutboxNotifyMigration\];/OutboxNotifyMigration, RehearsalUpgrade];/' "$migrations/index.ts"
  grep -q 'RehearsalUpgrade\]' "$migrations/index.ts" || die "could not add the rehearsal migration to $migrations/index.ts"
  local service
  for service in gateway auth catalog asset webhook; do
    build_service_image "$service" "$tag" "$tree"
    ctr --address "$CONTAINERD_SOCK" -n k8s.io images import --snapshotter overlayfs "$IMAGES/boardsync-$service-$tag.tar" >/dev/null
  done
  rm -rf "$tree"
}

charts_prepared() { bash "$REPO/scripts/check-deploy.sh" prepare "$REPO/.cache/k8s" >/dev/null; }

up() {
  local t=$SECONDS
  install_all
  build_images "$TAG"
  say "installed and built ($((SECONDS - t))s)"
  bash "$REPO/scripts/infra" up
  kafka_node_listener
  local n=$SECONDS
  node_up
  addons_up
  say "node ready ($((SECONDS - n))s): $("$BIN/kubectl" --kubeconfig "$KUBECONFIG_ADMIN" get node "$NODE_NAME" --no-headers | awk '{print $2, $5}')"
  charts_prepared
  node "$K8S_DIR/release.ts" install --tag "$TAG"
  say "up in $((SECONDS - t))s"
}

case "${1:-}" in
  up | down | install | upgrade-image)
    [ "$(id -u)" = 0 ] || die "npm run k8s -- $1 runs as root (packages, network, cgroups, mounts)"
    # One at a time: two builds would write the same binaries, two nodes the same bridge and state.
    # flock holds the lock and runs this script again with it closed (-o): a lock this shell held
    # would be inherited by every daemon `up` starts (the node's, the datastores) and outlive it.
    if [ -z "${BOARDSYNC_K8S_LOCKED:-}" ]; then
      mkdir -p "$RUNDIR"
      status=0
      BOARDSYNC_K8S_LOCKED=1 flock -n -o -E 75 "$RUNDIR/command.lock" bash "${BASH_SOURCE[0]}" "$@" || status=$?
      [ "$status" != 75 ] || die "another \`npm run k8s\` (up, down, install or upgrade-image) is running; wait for it to end"
      exit "$status"
    fi
    ;;
esac

case "${1:-}" in
  up) up ;;
  down)
    node_down
    say "down: nothing of the node is running"
    ;;
  status)
    node_status
    if daemon_running kube-apiserver; then kubectl get pods -A -o wide 2>/dev/null || true; fi
    ;;
  install)
    install_all
    build_images "$TAG"
    ;;
  upgrade-image)
    [ $# = 2 ] || die "usage: npm run k8s -- upgrade-image TAG"
    upgrade_image "$2"
    ;;
  env)
    install_helm
    echo "export KUBECONFIG=$KUBECONFIG_ADMIN PATH=$BIN:\$PATH HELM=$HELM"
    ;;
  *) die "usage: npm run k8s -- up|down|status|install|env" ;;
esac
