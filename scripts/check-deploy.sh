#!/usr/bin/env bash
# The deploy stage of `npm test` (scripts/test.sh): the Dockerfile linted, every Helm chart linted,
# the umbrella chart rendered with each example values file, the rendered manifests scanned by
# checkov, each service's image replayed into a folder once, then the deploy jest project (schemas,
# policies, promtool on the alert rules, the images' contents and entry commands) on those renders
# and trees. Only image-start.spec.ts needs the shared servers, so npm test runs the stage in two
# halves: the first beside the faults (which stop and start those servers), the second after them.
# Tools come pinned from scripts/deploy-tools.sh. Nothing is written into charts/: the charts are
# copied to .cache/deploy/charts and their file:// dependencies built there.
#
#   scripts/check-deploy.sh               the whole stage
#   scripts/check-deploy.sh charts        the chart steps only (copy, lint, render, checkov), no jest
#   scripts/check-deploy.sh prepare DIR   copy charts/ to DIR/charts and build their dependencies
#                                         (what tests/deploy does when run without this script)
#   scripts/check-deploy.sh without-servers TREES
#                                         the whole stage but image-start.spec.ts, the image trees
#                                         left in TREES (an empty folder)
#   scripts/check-deploy.sh with-servers TREES
#                                         image-start.spec.ts on the trees without-servers left
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

BUILD="$ROOT/.cache/deploy"
UMBRELLA=boardsync
# The release and namespace every render uses; tests/deploy/support/render.ts uses the same two.
# The release is deliberately not "boardsync", so a name written out instead of {{ .Release.Name }} shows.
RELEASE=bs
NAMESPACE=boardsync
# ServiceMonitor needs the Prometheus Operator's API; say the cluster has it, as a real one would.
API_VERSIONS=monitoring.coreos.com/v1

say() { printf '[check-deploy %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { printf '[check-deploy] error: %s\n' "$*" >&2; exit 1; }

tool() { bash "$ROOT/scripts/deploy-tools.sh" path "$1"; }

# ---------------------------------------------------------------- charts
# The chart directories a chart depends on by file:// path, resolved from the chart's own directory.
file_deps() {
  local dir=$1 rel
  sed -nE "s/^[[:space:]-]*repository:[[:space:]]*[\"']?file:\/\/([^\"'[:space:]]+).*/\1/p" "$dir/Chart.yaml" |
    while read -r rel; do (cd "$dir" && cd "$rel" && pwd) || die "$dir/Chart.yaml: no chart at file://$rel"; done
}

# Dependencies before dependents: a service chart's library must be in its charts/ before the
# umbrella packages that service chart, or the umbrella's copy lacks it.
declare -A DEPS_BUILT=()
build_deps() {
  local dir=$1 deps dep
  [ -n "${DEPS_BUILT[$dir]:-}" ] && return 0
  DEPS_BUILT[$dir]=1
  deps=$(file_deps "$dir")
  [ -n "$deps" ] || return 0
  for dep in $deps; do build_deps "$dep"; done
  say "helm dependency update ${dir#"$PREPARED/"}"
  "$HELM" dependency update --skip-refresh "$dir" >/dev/null || die "helm dependency update $dir failed"
}

# prepare <dir>: <dir>/charts is a copy of charts/ with every file:// dependency built, and
# <dir>/helm holds helm's own cache and config, so nothing from ~/.config/helm takes part.
prepare() {
  local out=$1 chart
  [ -d charts ] || die "no charts/ directory"
  mkdir -p "$out"
  out="$(cd "$out" && pwd)"
  PREPARED="$out/charts"
  export HELM_CACHE_HOME="$out/helm/cache" HELM_CONFIG_HOME="$out/helm/config" HELM_DATA_HOME="$out/helm/data"
  # Only the chart directories: anything else under charts/ (the schema generator's .ts) would be
  # picked up by `eslint .` from the copy.
  rm -rf "$PREPARED" && mkdir -p "$PREPARED"
  CHARTS=()
  for chart in charts/*/Chart.yaml; do
    [ -f "$chart" ] || continue
    chart=$(basename "$(dirname "$chart")")
    cp -a "charts/$chart" "$PREPARED/$chart"
    CHARTS+=("$PREPARED/$chart")
  done
  [ ${#CHARTS[@]} -gt 0 ] || die "no chart (a directory with a Chart.yaml) under charts/"
  # Archives built by hand in the working tree are rebuilt here from the sources.
  rm -f "$PREPARED"/*/charts/*.tgz "$PREPARED"/*/Chart.lock
  for chart in "${CHARTS[@]}"; do build_deps "$chart"; done
}

examples() { ls "$PREPARED/$UMBRELLA/examples/"*.yaml 2>/dev/null; }

lint_charts() {
  local chart name example
  for chart in "${CHARTS[@]}"; do
    name=$(basename "$chart")
    if [ "$name" = "$UMBRELLA" ]; then
      for example in $(examples); do
        say "helm lint --strict $name -f examples/$(basename "$example")"
        "$HELM" lint --strict --quiet "$chart" -f "$example" || die "helm lint --strict of $name with $(basename "$example") failed"
      done
    else
      say "helm lint --strict $name"
      "$HELM" lint --strict --quiet "$chart" || die "helm lint --strict of $name failed"
    fi
  done
}

render_examples() {
  local example name
  [ -d "$PREPARED/$UMBRELLA" ] || die "no umbrella chart charts/$UMBRELLA"
  [ -n "$(examples)" ] || die "no example values files charts/$UMBRELLA/examples/*.yaml"
  rm -rf "$BUILD/rendered" && mkdir -p "$BUILD/rendered"
  for example in $(examples); do
    name=$(basename "$example" .yaml)
    say "helm template $RELEASE $UMBRELLA -f examples/$name.yaml > .cache/deploy/rendered/$name.yaml"
    "$HELM" template "$RELEASE" "$PREPARED/$UMBRELLA" --namespace "$NAMESPACE" --api-versions "$API_VERSIONS" \
      -f "$example" >"$BUILD/rendered/$name.yaml" || die "helm template with examples/$name.yaml failed"
  done
}

# Exceptions are checkov's own: a `checkov.io/skip<N>: CKV_K8S_<n>=<why>` annotation on the object,
# or a commented entry in .checkov.yaml. Anything else that fails, fails the stage.
# checkov runs from inside the render directory: given a path with a dot-directory in it (.cache/)
# it skips every file and reports success, so the summary is also checked for a non-zero count.
scan_rendered() {
  local config=() output status=0
  [ -f .checkov.yaml ] && config=(--config-file "$ROOT/.checkov.yaml")
  say "checkov --framework kubernetes on .cache/deploy/rendered"
  output=$(cd "$BUILD/rendered" && "$CHECKOV" --directory . --framework kubernetes --compact --quiet --skip-download "${config[@]}" 2>&1) || status=$?
  printf '%s\n' "$output" | sed '/^$/d'
  [ "$status" = 0 ] || die "checkov found failing checks in the rendered charts (above; file paths are under .cache/deploy/rendered)"
  grep -qE 'Passed checks: [1-9]' <<<"$output" || die "checkov passed nothing: it did not scan the rendered manifests"
}

lint_dockerfiles() {
  local files=()
  [ -f docker/Dockerfile ] || die "no docker/Dockerfile"
  mapfile -t files < <(ls docker/Dockerfile docker/*.Dockerfile 2>/dev/null)
  say "hadolint ${files[*]}"
  "$HADOLINT" "${files[@]}" || die "hadolint found problems (above)"
}

# The five image trees, two at a time (a replay is half waiting on npm and the disk).
build_images() {
  say "node tests/deploy/build-image-trees.ts $1 (each service's image replayed from docker/Dockerfile)"
  node tests/deploy/build-image-trees.ts "$1" 2 || die "an image replay failed (above)"
}

deploy_jest() {
  local trees=$1; shift
  HELM="$HELM" HADOLINT="$HADOLINT" PROMTOOL="$PROMTOOL" DEPLOY_BUILD_DIR="$BUILD" DEPLOY_IMAGE_TREES="$trees" \
    bash scripts/jest.sh --selectProjects deploy "$@"
}

tools() {
  bash scripts/deploy-tools.sh install
  HELM=$(tool helm) CHECKOV=$(tool checkov) HADOLINT=$(tool hadolint) PROMTOOL=$(tool promtool)
}

# Everything that needs no shared server: the Dockerfile, the charts, the image trees (into $1) and
# every deploy spec but image-start.spec.ts.
without_servers() {
  tools
  lint_dockerfiles
  charts_stage
  build_images "$1"
  say "jest --selectProjects deploy, but image-start.spec.ts (tests/deploy/monitoring.spec.ts runs promtool check rules on the rendered alerts)"
  deploy_jest "$1" --testPathIgnorePatterns image-start
}

with_servers() {
  tools
  say "jest tests/deploy/image-start.spec.ts (the image trees in $1 started on the shared servers)"
  deploy_jest "$1" --testPathPatterns image-start
}

charts_stage() {
  say "charts/schema/generate.ts --check (schemas, README values tables, global defaults)"
  node charts/schema/generate.ts --check || die "generated chart files are out of date: run node charts/schema/generate.ts"
  prepare "$BUILD"
  lint_charts
  render_examples
  scan_rendered
}

cmd=${1:-all}
case "$cmd" in
  prepare)
    [ $# = 2 ] || die "usage: scripts/check-deploy.sh prepare DIR"
    HELM=${HELM:-$(tool helm)}
    prepare "$2"
    ;;
  charts)
    HELM=$(tool helm) CHECKOV=$(tool checkov)
    charts_stage
    ;;
  without-servers | with-servers)
    [ $# = 2 ] && [ -d "$2" ] || die "usage: scripts/check-deploy.sh $cmd TREES (an existing folder)"
    trees="$(cd "$2" && pwd)"
    if [ "$cmd" = without-servers ]; then without_servers "$trees"; else with_servers "$trees"; fi
    ;;
  all)
    trees=$(mktemp -d)
    trap 'rm -rf "$trees"' EXIT
    without_servers "$trees"
    with_servers "$trees"
    ;;
  *) die "usage: scripts/check-deploy.sh [charts | prepare DIR | without-servers TREES | with-servers TREES]" ;;
esac
