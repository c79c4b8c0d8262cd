#!/usr/bin/env bash
# jest on ESM TypeScript: needs Node's VM-modules flag; arguments pass through.
# With JEST_RESULTS_DIR set, each run also leaves its results there as JSON (scripts/test.sh adds
# them up into the one closing line CI reads).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
results=()
if [[ -n "${JEST_RESULTS_DIR:-}" ]]; then
  mkdir -p "$JEST_RESULTS_DIR"
  results=(--json "--outputFile=$JEST_RESULTS_DIR/jest-$(date +%s%N).json")
fi
exec node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js "${results[@]}" "$@"
