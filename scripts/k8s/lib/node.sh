# The node itself: its network, etcd, the control plane, containerd, the kubelet, kube-proxy,
# kube-router's policy controller and the forwarders to the host's datastores. `node_up` starts
# what is not running; `node_down` stops all of it and leaves nothing behind.

# The host's datastores (scripts/infra) listen on loopback only; pods reach them at the node's
# bridge address through these forwarders. Kafka's port is its NODE listener, which advertises
# $NODE_IP:19092 to clients (scripts/infra).
FORWARDS=(5432 6379 9000 19092)

# write_config <file>: standard input into <file>, only if it differs (kube-proxy exits when its
# configuration file changes under it, and an `up` on a running node writes every file again).
write_config() {
  local next; next=$(cat)
  [ -f "$1" ] && [ "$(cat "$1")" = "$next" ] && return 0
  printf '%s\n' "$next" >"$1"
}

network_up() {
  sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1 net.bridge.bridge-nf-call-ip6tables=1 \
    net.ipv4.conf.all.route_localnet=1 >/dev/null
  if ! ip link show "$BRIDGE" >/dev/null 2>&1; then
    ip link add "$BRIDGE" type bridge
  fi
  ip addr show dev "$BRIDGE" | grep -q "inet $NODE_IP/" || ip addr add "$NODE_IP/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  # The Service range is routed to the bridge too: the host reaches ClusterIPs from the node's own
  # address (which the policies let through to every pod, as kubelet probes need), and a packet for
  # an address kube-proxy does not translate dies here instead of leaving by the default route.
  ip route replace "$SERVICE_CIDR" dev "$BRIDGE" src "$NODE_IP"
  mkdir -p "$STATE/cni/net.d" "$STATE/cni/ipam"
  write_config "$STATE/cni/net.d/10-boardsync.conflist" <<JSON
{
  "cniVersion": "0.4.0",
  "name": "boardsync",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "$BRIDGE",
      "isGateway": true,
      "ipMasq": true,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{ "subnet": "$POD_CIDR", "gateway": "$NODE_IP" }]],
        "routes": [{ "dst": "0.0.0.0/0" }],
        "dataDir": "$STATE/cni/ipam"
      }
    },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
JSON
}

etcd_up() {
  start_daemon etcd "$BIN/etcd" --name "$NODE_NAME" --data-dir "$STATE/etcd" \
    --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
    --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
    --initial-cluster "$NODE_NAME=http://127.0.0.1:2380" --listen-metrics-urls http://127.0.0.1:2381 \
    --quota-backend-bytes 2147483648 --snapshot-count 10000 --log-level warn
  wait_for etcd 60 curl -sf http://127.0.0.1:2381/health
}

apiserver_up() {
  start_daemon kube-apiserver "$BIN/kube-apiserver" \
    --advertise-address "$NODE_IP" --bind-address "$NODE_IP" --secure-port "$API_PORT" \
    --etcd-servers http://127.0.0.1:2379 \
    --service-cluster-ip-range "$SERVICE_CIDR" --service-node-port-range 30000-32767 \
    --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --client-ca-file "$PKI/ca.crt" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" --kubelet-client-key "$PKI/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority "$PKI/ca.crt" --kubelet-preferred-address-types InternalIP \
    --service-account-issuer "https://kubernetes.default.svc.$CLUSTER_DOMAIN" \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --authorization-mode Node,RBAC --anonymous-auth=false \
    --enable-admission-plugins NodeRestriction \
    --requestheader-client-ca-file "$PKI/front-proxy-ca.crt" \
    --requestheader-allowed-names front-proxy-client \
    --requestheader-extra-headers-prefix X-Remote-Extra- --requestheader-group-headers X-Remote-Group \
    --requestheader-username-headers X-Remote-User \
    --proxy-client-cert-file "$PKI/front-proxy-client.crt" --proxy-client-key-file "$PKI/front-proxy-client.key" \
    --enable-aggregator-routing=true \
    --allow-privileged=false --profiling=false --v=1
  wait_for kube-apiserver 120 curl -sf --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" \
    "https://$NODE_IP:$API_PORT/readyz"
}

controllers_up() {
  start_daemon kube-controller-manager "$BIN/kube-controller-manager" \
    --kubeconfig "$PKI/controller-manager.kubeconfig" \
    --authentication-kubeconfig "$PKI/controller-manager.kubeconfig" --authorization-kubeconfig "$PKI/controller-manager.kubeconfig" \
    --bind-address 127.0.0.1 --leader-elect=false --use-service-account-credentials \
    --cluster-cidr 10.244.0.0/16 --allocate-node-cidrs=true --node-cidr-mask-size 24 --service-cluster-ip-range "$SERVICE_CIDR" \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --root-ca-file "$PKI/ca.crt" --service-account-private-key-file "$PKI/sa.key" \
    --controllers "*,-cloud-node-lifecycle" \
    --horizontal-pod-autoscaler-sync-period 5s --horizontal-pod-autoscaler-downscale-stabilization 30s \
    --profiling=false --v=1
  start_daemon kube-scheduler "$BIN/kube-scheduler" \
    --kubeconfig "$PKI/scheduler.kubeconfig" \
    --authentication-kubeconfig "$PKI/scheduler.kubeconfig" --authorization-kubeconfig "$PKI/scheduler.kubeconfig" \
    --bind-address 127.0.0.1 --leader-elect=false --profiling=false --v=1
}

containerd_up() {
  mkdir -p "$STATE/containerd" "$RUNDIR"
  write_config "$STATE/containerd/config.toml" <<TOML
version = 2
root = "$STATE/containerd/root"
state = "$RUNDIR/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]
[grpc]
  address = "$CONTAINERD_SOCK"
[plugins."io.containerd.internal.v1.opt"]
  path = "$STATE/containerd/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "registry.k8s.io/pause:$PAUSE_VERSION"
  enable_unprivileged_ports = false
  # This machine's sandbox refuses to lower a process's oom_score_adj (runc's "failed to update
  # /proc/self/oom_score_adj: Permission denied"), which the kubelet asks for every pod sandbox
  # (-998); containerd then keeps each score no lower than its own.
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$STATE/cni/net.d"
TOML
  start_daemon containerd containerd --config "$STATE/containerd/config.toml"
  wait_for containerd 30 ctr --address "$CONTAINERD_SOCK" version
}

kubelet_up() {
  mkdir -p "$STATE/kubelet"
  # Pods resolve through the cluster DNS; this file is what dnsPolicy: Default pods (CoreDNS) get.
  echo "nameserver 127.0.0.1" >"$STATE/kubelet/resolv.conf"
  write_config "$STATE/kubelet/config.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE_IP
port: 10250
readOnlyPort: 0
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: true }
  x509: { clientCAFile: $PKI/ca.crt }
authorization: { mode: Webhook }
tlsCertFile: $PKI/kubelet-serving.crt
tlsPrivateKeyFile: $PKI/kubelet-serving.key
cgroupDriver: cgroupfs
# This machine mounts the cgroup v1 hierarchies (Kubernetes 1.34 still runs on them, in maintenance).
failCgroupV1: false
failSwapOn: false
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
clusterDNS: [$DNS_SERVICE_IP]
clusterDomain: $CLUSTER_DOMAIN
resolvConf: $STATE/kubelet/resolv.conf
maxPods: 110
serializeImagePulls: false
# Nothing is pulled here (every image is imported), so nothing may be collected either.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: { memory.available: 200Mi, nodefs.available: 2%, imagefs.available: 2% }
shutdownGracePeriod: 0s
YAML
  start_daemon kubelet "$BIN/kubelet" --config "$STATE/kubelet/config.yaml" \
    --kubeconfig "$PKI/kubelet.kubeconfig" --root-dir "$STATE/kubelet/root" \
    --hostname-override "$NODE_NAME" --node-ip "$NODE_IP" --v=1
  wait_for "the node to register" 120 kubectl get node "$NODE_NAME"
}

proxy_up() {
  write_config "$STATE/kube-proxy.yaml" <<YAML
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clientConnection: { kubeconfig: $PKI/kube-proxy.kubeconfig }
hostnameOverride: $NODE_NAME
mode: iptables
clusterCIDR: $POD_CIDR
bindAddress: $NODE_IP
metricsBindAddress: 127.0.0.1:10249
healthzBindAddress: 127.0.0.1:10256
nodePortAddresses: [127.0.0.0/8]
conntrack: { maxPerCore: 0 }
# Not lowered: this machine's sandbox refuses it (see restrict_oom_score_adj above).
oomScoreAdj: 0
YAML
  start_daemon kube-proxy "$BIN/kube-proxy" --config "$STATE/kube-proxy.yaml"
  start_daemon kube-router "$BIN/kube-router" --kubeconfig "$PKI/kube-router.kubeconfig" \
    --hostname-override "$NODE_NAME" --run-firewall=true --run-router=false --run-service-proxy=false \
    --enable-cni=false --metrics-port 0 --health-port 0 --service-cluster-ip-range "$SERVICE_CIDR"
}

forwards_up() {
  local port
  for port in "${FORWARDS[@]}"; do
    start_daemon "forward-$port" socat "TCP-LISTEN:$port,bind=$NODE_IP,reuseaddr,fork" "TCP:127.0.0.1:$port"
  done
}

node_up() {
  [ "$(id -u)" = 0 ] || die "the node runs as root (network, cgroups, mounts)"
  mkdir -p "$STATE" "$LOGS" "$RUNDIR"
  [ -f "$PKI/admin.kubeconfig" ] || make_pki
  network_up
  forwards_up
  etcd_up
  apiserver_up
  controllers_up
  containerd_up
  import_images
  kubelet_up
  proxy_up
}

# Every process of every pod, the shims that hold them, then the daemons in reverse order; then
# the mounts, network namespaces, iptables chains and the bridge they made.
node_down() {
  local name
  stop_daemon kubelet 10
  if daemon_running containerd; then
    local id
    for id in $(ctr --address "$CONTAINERD_SOCK" -n k8s.io tasks ls -q 2>/dev/null); do
      ctr --address "$CONTAINERD_SOCK" -n k8s.io tasks kill -s KILL "$id" >/dev/null 2>&1 || true
    done
  fi
  kill_cgroup_processes kubepods
  pkill -KILL -f "containerd-shim-runc-v2 .*-address $CONTAINERD_SOCK" 2>/dev/null || true
  for name in kube-router kube-proxy containerd kube-scheduler kube-controller-manager kube-apiserver etcd; do
    stop_daemon "$name" 20
  done
  for name in "${FORWARDS[@]}"; do stop_daemon "forward-$name" 5; done
  [ -x "$BIN/kube-proxy" ] && "$BIN/kube-proxy" --cleanup >/dev/null 2>&1 || true
  remove_node_iptables
  unmount_under "$STATE"
  unmount_under "$RUNDIR"
  # Image builds' working containers (a build that failed half-way keeps its root mounted).
  command buildah --root "$BUILDAH_ROOT" --runroot "$RUNDIR/buildah" rm --all >/dev/null 2>&1 || true
  unmount_under "$BUILDAH_ROOT"
  local ns
  for ns in $(ip netns list 2>/dev/null | awk '/^cni-/{print $1}'); do ip netns delete "$ns" 2>/dev/null || true; done
  ip link delete "$BRIDGE" 2>/dev/null || true
  remove_cgroups kubepods
  rm -rf "$STATE" "$RUNDIR"
}

# What the kubelet, kube-router and the bridge plugin leave in iptables (kube-proxy's own chains go
# with `kube-proxy --cleanup`; kube-router 2.1's --cleanup-config needs a cluster to ask): every
# chain of theirs and every rule that jumps to one, each table rewritten at once without them; then
# kube-router's ipsets.
OWN_CHAINS='KUBE-ROUTER-|KUBE-NWPLCY-|KUBE-POD-FW-|KUBE-FIREWALL|KUBE-KUBELET-CANARY|KUBE-IPTABLES-HINT|CNI-'
remove_node_iptables() {
  local save restore table set
  for save in iptables-save ip6tables-save; do
    restore=${save/-save/-restore}
    for table in filter nat mangle; do
      "$save" -t "$table" 2>/dev/null | grep -Ev "^:($OWN_CHAINS)|^-A ($OWN_CHAINS)|-[jg] ($OWN_CHAINS)" | "$restore" -T "$table" 2>/dev/null || true
    done
  done
  for set in $(ipset list -n 2>/dev/null | grep -E '^(KUBE-|kube-router-)'); do ipset destroy "$set" 2>/dev/null || true; done
}

kill_cgroup_processes() { # every process in <name>'s cgroup subtree, in every v1 hierarchy
  local procs
  for procs in $(find /sys/fs/cgroup/*/"$1" -name cgroup.procs 2>/dev/null); do
    { xargs -r kill -KILL <"$procs"; } 2>/dev/null || true # a cgroup may go while we read it
  done
}
remove_cgroups() { # the subtree's cgroups, deepest first
  local dir
  for dir in $(find /sys/fs/cgroup/*/"$1" -depth -type d 2>/dev/null); do rmdir "$dir" 2>/dev/null || true; done
}
unmount_under() { # every mount below <dir>, deepest first
  local m
  for m in $(awk -v d="$1" 'index($2, d) == 1 {print $2}' /proc/self/mounts | sort -r); do
    umount -l "$m" 2>/dev/null || true
  done
}

node_status() {
  local name
  for name in etcd kube-apiserver kube-controller-manager kube-scheduler containerd kubelet kube-proxy kube-router; do
    if daemon_running "$name"; then printf '%-24s up    pid %s\n' "$name" "$(daemon_pid "$name")"; else printf '%-24s down\n' "$name"; fi
  done
}
