#!/usr/bin/env bash
# jest on ESM TypeScript: needs Node's VM-modules flag; arguments pass through.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec node --experimental-vm-modules --no-warnings=ExperimentalWarning node_modules/jest/bin/jest.js "$@"
