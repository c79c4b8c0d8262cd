#!/usr/bin/env bash
# Schemathesis against the running system, driven by the public contract it serves: npm start's
# embedded mode in a scratch DATA_DIR on ports of its own, the demo designer's every-scope token,
# all of Schemathesis's checks (no 5xx, statuses, bodies, media types and headers as documented).
# npm test runs it bounded; any failure fails it, and is fixed in the service, never excluded.
#
#   scripts/fuzz.sh install                       install the pinned Schemathesis (first use does it too)
#   scripts/fuzz.sh                               the bounded run npm test makes
#   FUZZ_MAX_EXAMPLES=500 FUZZ_PHASES=examples,coverage,fuzzing,stateful scripts/fuzz.sh
#                                                 longer, with stateful sequences following the links
# Nothing leaves the machine: the system is on loopback, and OUTBOUND_ALLOW_HOSTS lets the asset and
# webhook services reach no host at all (every URL the fuzzer invents is refused before DNS).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$PATH"

SCHEMATHESIS_VERSION=4.32.5
CACHE="${BOARDSYNC_CACHE:-$HOME/.cache/boardsync}"
VENV="$CACHE/fuzz-tools/python-schemathesis-$SCHEMATHESIS_VERSION"
st="$VENV/bin/schemathesis"

say() { printf '[fuzz %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf '[fuzz] error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=scripts/python-venv.sh
. "$ROOT/scripts/python-venv.sh"
install() { pinned_venv "$VENV" "schemathesis==$SCHEMATHESIS_VERSION" "schemathesis $SCHEMATHESIS_VERSION"; }

if [ "${1:-}" = install ]; then install; exit 0; fi
install

DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/boardsync-fuzz.XXXXXX")"
PORT="${FUZZ_PORT:-18480}"
LOG="$DATA_DIR/system.log"
system=
cleanup() {
  if [ -n "$system" ]; then kill "$system" 2>/dev/null || true; wait "$system" 2>/dev/null || true; fi
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

say "starting the embedded system on 127.0.0.1:$PORT (data in $DATA_DIR)"
# Limits high enough that the fuzzer meets each operation's own answers, not 429 after the first minute.
DATA_DIR="$DATA_DIR" PORT="$PORT" AUTH_PORT=$((PORT + 1)) CATALOG_PORT=$((PORT + 2)) ASSET_PORT=$((PORT + 3)) WEBHOOK_PORT=$((PORT + 4)) \
  PUBLIC_BASE_URL="http://127.0.0.1:$PORT" LOG_LEVEL=warn \
  RATE_LIMIT_READS_PER_MINUTE=1000000 RATE_LIMIT_WRITES_PER_MINUTE=1000000 RATE_LIMIT_AUTH_FAILURES_PER_IP_PER_MINUTE=1000000 \
  OUTBOUND_ALLOW_HOSTS=nothing.invalid \
  node "$ROOT/scripts/start.ts" >"$LOG" 2>&1 &
system=$!
for _ in $(seq 1 120); do
  [ -f "$DATA_DIR/demo.json" ] && node -e "fetch('http://127.0.0.1:$PORT/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
  kill -0 "$system" 2>/dev/null || { cat "$LOG" >&2; die "the system exited while starting"; }
  sleep 0.5
done
[ -f "$DATA_DIR/demo.json" ] || { cat "$LOG" >&2; die "the system did not start within 60 s"; }
TOKEN="$(node -p "require('$DATA_DIR/demo.json').token")"

say "schemathesis run (max examples ${FUZZ_MAX_EXAMPLES:-10}, phases ${FUZZ_PHASES:-examples,coverage,fuzzing})"
status=0
# From the scratch directory, so Schemathesis's own cache (.schemathesis/) goes with it, not into the tree.
cd "$DATA_DIR"
"$st" --config-file "$ROOT/scripts/fuzz.schemathesis.toml" run "http://127.0.0.1:$PORT/openapi.json" \
  --url "http://127.0.0.1:$PORT" \
  --header "Authorization: Bearer $TOKEN" \
  --checks all \
  --phases "${FUZZ_PHASES:-examples,coverage,fuzzing}" \
  --max-examples "${FUZZ_MAX_EXAMPLES:-10}" \
  --workers 1 \
  --request-timeout 30 \
  --seed "${FUZZ_SEED:-20261125}" \
  --no-color \
  ${FUZZ_ARGS:-} || status=$?
if [ "$status" != 0 ]; then
  say "the system's log (errors and warnings):"
  tail -n 50 "$LOG" >&2
fi
exit "$status"
