# Every image the node runs, built here (no image registry is reachable) and kept as archives
# under $K8S_HOME/images, imported into the node's containerd at each `up`:
#   - the Node base image docker/Dockerfile builds FROM (NODE_IMAGE): Debian bookworm by
#     mmdebstrap, the Node the project pins (its npm package's binary) and npm from the registry;
#   - boardsync/<service>:<tag> from docker/Dockerfile itself, unchanged, with buildah;
#   - the pause, CoreDNS and metrics-server images, each one static binary on an empty root.

NODE_VERSION=$(node -e "console.log(require('$REPO/package.json').devDependencies.node)")
NPM_VERSION=11.21.2
NODE_IMAGE="localhost/boardsync/node:$NODE_VERSION-bookworm-slim"
IMAGES="$K8S_HOME/images"
BUILDAH_ROOT="$K8S_HOME/buildah"

buildah() { command buildah --root "$BUILDAH_ROOT" --runroot "$RUNDIR/buildah" --storage-driver overlay "$@"; }

# archive <image> <file> <name in the node>
archive() {
  rm -f "$2.tmp"
  buildah push -q "$1" "docker-archive:$2.tmp:$3" >/dev/null || die "exporting $1 failed"
  mv "$2.tmp" "$2"
}

build_node_base() {
  local stamp="$NODE_VERSION npm $NPM_VERSION"
  [ "$(cat "$IMAGES/.node-base" 2>/dev/null)" = "$stamp" ] && buildah inspect --type image "$NODE_IMAGE" >/dev/null 2>&1 && return 0
  say "building the Node base image $NODE_IMAGE (Debian bookworm by mmdebstrap)"
  local tmp; tmp=$(mktemp -d)
  mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    bookworm "$tmp/rootfs.tar" || die "mmdebstrap failed"
  strip -o "$tmp/node" "$REPO/node_modules/node/bin/node"
  (cd "$tmp" && npm pack --silent "npm@$NPM_VERSION" >/dev/null && mkdir npm && tar -xzf "npm-$NPM_VERSION.tgz" -C npm --strip-components=1) ||
    die "fetching npm $NPM_VERSION failed"
  local c; c=$(buildah from scratch)
  buildah add "$c" "$tmp/rootfs.tar" / >/dev/null
  buildah copy --chmod 755 "$c" "$tmp/node" /usr/local/bin/node >/dev/null
  buildah copy "$c" "$tmp/npm" /usr/local/lib/node_modules/npm >/dev/null
  buildah run --network none "$c" -- ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
  buildah config --env NODE_VERSION="$NODE_VERSION" --cmd node "$c"
  buildah commit -q --rm "$c" "$NODE_IMAGE" >/dev/null
  rm -rf "$tmp"
  mkdir -p "$IMAGES" && echo "$stamp" >"$IMAGES/.node-base"
}

# npm inside the build trusts what npm here trusts: this host's CA bundle (a TLS-inspecting egress
# proxy's CA among them, where there is one), mounted into the RUN steps only, never into a layer.
build_mounts() {
  local bundle=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
  [ -f "$bundle" ] || return 0
  mkdir -p "$RUNDIR/build"
  echo "cafile=/etc/ssl/certs/build-host-ca.crt" >"$RUNDIR/build/npmrc"
  printf '%s\n' -v "$bundle:/etc/ssl/certs/build-host-ca.crt:ro" -v "$RUNDIR/build/npmrc:/usr/local/etc/npmrc:ro"
}

# build_service_image <service> <tag> [context]: docker/Dockerfile as it is, FROM the base above.
build_service_image() {
  local service=$1 tag=$2 context=${3:-$REPO}
  local t=$SECONDS mounts filtered="$RUNDIR/build/context"
  mapfile -t mounts < <(build_mounts)
  node "$K8S_DIR/build-context.ts" "$context" "$filtered" >/dev/null || die "preparing the build context failed"
  buildah bud --quiet --layers --network host --format docker "${mounts[@]}" \
    -f "$filtered/docker/Dockerfile" --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "SERVICE=$service" \
    --build-arg "VERSION=$tag" -t "localhost/boardsync/$service:$tag" "$filtered" >/dev/null ||
    die "building the $service image failed"
  archive "localhost/boardsync/$service:$tag" "$IMAGES/boardsync-$service-$tag.tar" "docker.io/boardsync/$service:$tag"
  say "image boardsync/$service:$tag ($((SECONDS - t))s)"
}

# scratch_image <binary> <name:tag> <file> [user]
scratch_image() {
  [ -f "$3" ] && [ "$3" -nt "$BIN/$1" ] && return 0
  local c; c=$(buildah from scratch)
  buildah copy --chmod 755 "$c" "$BIN/$1" "/$1" >/dev/null
  buildah config --entrypoint "[\"/$1\"]" --user "${4:-65534:65534}" "$c"
  buildah commit -q --rm "$c" "localhost/$2" >/dev/null
  archive "localhost/$2" "$3" "$2"
}

build_addon_images() {
  mkdir -p "$IMAGES"
  scratch_image pause "registry.k8s.io/pause:$PAUSE_VERSION" "$IMAGES/pause.tar"
  scratch_image coredns "boardsync.local/coredns:$COREDNS_VERSION" "$IMAGES/coredns.tar"
  scratch_image metrics-server "boardsync.local/metrics-server:$METRICS_SERVER_VERSION" "$IMAGES/metrics-server.tar"
}

build_images() { # build_images <tag>
  mkdir -p "$RUNDIR"
  build_addon_images
  build_node_base
  local service
  for service in gateway auth catalog asset webhook; do build_service_image "$service" "$1"; done
}

import_images() {
  local archive
  for archive in "$IMAGES"/*.tar; do
    [ -f "$archive" ] || continue
    ctr --address "$CONTAINERD_SOCK" -n k8s.io images import --snapshotter overlayfs "$archive" >/dev/null ||
      die "importing $archive into the node failed"
  done
}
