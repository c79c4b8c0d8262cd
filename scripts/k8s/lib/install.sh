# What the node needs, installed once and cached: Debian packages, and binaries built from the Go
# module proxy into $BIN (no release downloads reach this machine). Each binary's stamp is written
# last, so an interrupted build is redone rather than used.

PACKAGES=(containerd runc containernetworking-plugins buildah mmdebstrap iptables conntrack ipset socat openssl gcc libc6-dev)

COREDNS_VERSION=v1.15.0
METRICS_SERVER_VERSION=v0.9.0
# The newest kube-router the module proxy serves; the node runs only its network-policy controller
# (the one k3s embeds), beside the bridge CNI plugin.
KUBE_ROUTER_VERSION=v2.1.0
PAUSE_VERSION=3.10

go_env() { env GOMODCACHE="$CACHE/go/mod" GOCACHE="$CACHE/go/build" GOFLAGS=-mod=mod CGO_ENABLED=0 "$@"; }

install_packages() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} = 0 ] || apt_install "${missing[@]}"
}

stamp_ok() { [ "$(cat "$BIN/.$1" 2>/dev/null)" = "$2" ]; }

# kube (every Kubernetes component, one binary) and etcd, from scripts/k8s/node's wrapper module.
install_kubernetes() {
  local stamp; stamp="$KUBERNETES_VERSION $(cat "$K8S_DIR"/node/go.mod "$K8S_DIR"/node/cmd/*/main.go | sha1sum | cut -c1-12)"
  stamp_ok kube "$stamp" && [ -x "$BIN/kube" ] && [ -x "$BIN/etcd" ] && return 0
  command -v go >/dev/null || die "Kubernetes is built with Go, and no Go toolchain is on PATH"
  say "building Kubernetes $KUBERNETES_VERSION (kube-apiserver, controller-manager, scheduler, kubelet, kube-proxy, kubectl) and etcd: first run only, 5-16 min on 2 cores"
  local t=$SECONDS v=k8s.io/component-base/version minor=${KUBERNETES_VERSION#v1.}
  minor=${minor%%.*}
  mkdir -p "$BIN"
  (cd "$K8S_DIR/node" && go_env go build -trimpath -o "$BIN/kube.new" \
    -ldflags "-s -w -X $v.gitVersion=$KUBERNETES_VERSION -X $v.gitMajor=1 -X $v.gitMinor=$minor -X $v.gitTreeState=clean" ./cmd/kube) ||
    die "building Kubernetes failed"
  (cd "$K8S_DIR/node" && go_env go build -trimpath -o "$BIN/etcd.new" -ldflags "-s -w" ./cmd/etcd) || die "building etcd failed"
  mv "$BIN/kube.new" "$BIN/kube" && mv "$BIN/etcd.new" "$BIN/etcd"
  local c
  for c in kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl; do ln -sf kube "$BIN/$c"; done
  echo "$stamp" >"$BIN/.kube"
  say "Kubernetes built ($((SECONDS - t))s)"
}

# go_install <name> <package@version>
go_install_binary() {
  local name=$1 pkg=$2
  stamp_ok "$name" "$pkg" && [ -x "$BIN/$name" ] && return 0
  say "building $name ($pkg)"
  local t=$SECONDS tmp; tmp=$(mktemp -d)
  GOBIN="$tmp" go_env go install -trimpath -ldflags "-s -w" "$pkg" || die "go install $pkg failed"
  mv "$tmp"/* "$BIN/$name" && rmdir "$tmp"
  echo "$pkg" >"$BIN/.$name"
  say "$name built ($((SECONDS - t))s)"
}

# The pod sandbox's pause process, from Kubernetes' own pause.c (in the module built above).
install_pause() {
  stamp_ok pause "$PAUSE_VERSION" && [ -x "$BIN/pause" ] && return 0
  local src; src=$(cd "$K8S_DIR/node" && go_env go list -m -f '{{.Dir}}' k8s.io/kubernetes)/build/pause/linux/pause.c
  [ -f "$src" ] || die "pause.c not found at $src"
  gcc -Os -static -Wall -Werror -DVERSION="v$PAUSE_VERSION-boardsync" -o "$BIN/pause" "$src" || die "compiling pause failed"
  strip "$BIN/pause"
  echo "$PAUSE_VERSION" >"$BIN/.pause"
}

install_helm() { HELM="$(bash "$REPO/scripts/deploy-tools.sh" path helm)"; export HELM; }

install_all() {
  install_packages
  mkdir -p "$BIN"
  install_kubernetes
  install_pause
  go_install_binary coredns "github.com/coredns/coredns@$COREDNS_VERSION"
  go_install_binary metrics-server "sigs.k8s.io/metrics-server/cmd/metrics-server@$METRICS_SERVER_VERSION"
  go_install_binary kube-router "github.com/cloudnativelabs/kube-router/v2/cmd/kube-router@$KUBE_ROUTER_VERSION"
  install_helm
}
