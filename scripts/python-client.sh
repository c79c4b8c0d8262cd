#!/usr/bin/env bash
# The Python client's generated part and its wheel, from the public contract, with pinned tools
# from PyPI in a venv of their own (first use installs them):
#
#   scripts/python-client.sh generate     rewrite clients/python/src/boardsync/openapi (npm run contract runs it)
#   scripts/python-client.sh check        fail when the committed generated code is stale, or ruff finds fault
#                                         with the hand-written part or the Python samples (npm test runs it)
#   scripts/python-client.sh wheel DIR    build the wheel into DIR and print its path
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLIENT="$ROOT/clients/python"
GENERATED="$CLIENT/src/boardsync/openapi"
DOCUMENT="$ROOT/services/gateway/contract/openapi.json"

# Pinned: the generated code is committed, and a new generator or formatter writes it differently.
TOOLS="openapi-python-client==0.29.1 ruff==0.17.5 build==1.6.1 hatchling==1.33.0"
VENV="${BOARDSYNC_CACHE:-$HOME/.cache/boardsync}/python-client-venv"

say() { printf '[python-client %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[python-client] error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=scripts/python-venv.sh
. "$ROOT/scripts/python-venv.sh"
install() { pinned_venv "$VENV" "$TOOLS" "$TOOLS"; }

# The generator's output for the current document, in $1 (its post-hooks run ruff from the venv).
generate_into() {
  PATH="$VENV/bin:$PATH" "$VENV/bin/openapi-python-client" generate --path "$DOCUMENT" --config "$CLIENT/openapi-python-client.yml" \
    --meta none --output-path "$1" --overwrite >"$1.log" 2>&1 || { cat "$1.log" >&2; die "openapi-python-client failed"; }
  # Its one warning is expected: stored artwork answers image/*, which the generated client leaves out (the hand layer reads bytes).
  if grep -q 'Warning' "$1.log" && ! grep -q 'Unsupported content_type image/\*' "$1.log"; then cat "$1.log" >&2; die "the generator warned"; fi
  rm -rf "$1/.ruff_cache"
}

install
case "${1:-}" in
  generate)
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch" "$scratch.log"' EXIT
    generate_into "$scratch/openapi"
    rm -rf "$GENERATED"
    cp -r "$scratch/openapi" "$GENERATED"
    say "wrote ${GENERATED#"$ROOT"/}"
    ;;
  check)
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch" "$scratch/openapi.log"' EXIT
    generate_into "$scratch/openapi"
    diff -r -q -x __pycache__ -x .ruff_cache "$scratch/openapi" "$GENERATED" >&2 ||
      die "clients/python/src/boardsync/openapi is stale: run \`npm run contract\` and commit the result"
    say "generated code current"
    samples=("$ROOT/docs/examples/deck-sync/deck_sync.py" "$ROOT"/docs/examples/snippets/*.py)
    (cd "$CLIENT" && "$VENV/bin/ruff" format --check --quiet src tests && "$VENV/bin/ruff" check --quiet src tests) ||
      die "ruff: the hand-written client is not formatted or not clean (cd clients/python && ruff format src tests && ruff check --fix src tests)"
    "$VENV/bin/ruff" format --check --quiet --config "$CLIENT/pyproject.toml" "${samples[@]}" && "$VENV/bin/ruff" check --quiet --config "$CLIENT/pyproject.toml" "${samples[@]}" ||
      die "ruff: the Python samples in docs/examples are not formatted or not clean"
    say "ruff clean"
    ;;
  wheel)
    out="${2:?usage: scripts/python-client.sh wheel DIR}"
    "$VENV/bin/python" -m build --wheel --no-isolation --outdir "$out" "$CLIENT" >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; die "the wheel did not build"; }
    ls "$out"/boardsync-*.whl
    ;;
  *) die "usage: scripts/python-client.sh generate | check | wheel DIR" ;;
esac
