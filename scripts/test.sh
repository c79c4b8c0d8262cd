#!/usr/bin/env bash
# The one test command (npm test, and so .ci/run): real servers up, generated code current,
# lint and types clean, then every jest suite; the suites that restart shared servers run last, alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

started=$SECONDS
# Every jest run below leaves its counts here; the last line adds them up for CI.
export JEST_RESULTS_DIR
JEST_RESULTS_DIR=$(mktemp -d)
trap 'rm -rf "$JEST_RESULTS_DIR"' EXIT
stage() {
  local name=$1; shift
  local t=$SECONDS
  printf '\n==> %s\n' "$name"
  "$@"
  printf '==> %s took %ss\n' "$name" "$((SECONDS - t))"
}

stage "infra up" bash scripts/infra up
stage "kafka: delete earlier runs' test topics" node scripts/kafka-sweep.ts
stage "lock file" node scripts/check-lock.cjs
stage "proto check" bash scripts/proto-gen.sh --check
stage "contract: current, Redocly lint" bash -c 'node scripts/contract/generate.ts --check && redocly lint --format=summary'
stage "typecheck" npm run --silent typecheck
stage "lint (ESLint, Prettier)" npm run --silent lint
stage "unit + integration tests" bash scripts/jest.sh --selectProjects unit integration --maxWorkers=2
stage "fuzz: Schemathesis against npm start" bash scripts/fuzz.sh
stage "deploy: Dockerfile, charts, images" bash scripts/check-deploy.sh
# --forceExit for this run only: after a broker restart kafkajs (maintenance-only since 2023) can
# keep one socket open past disconnect(), because BrokerPool.removeBroker drops a broker without
# disconnecting it. Services exit after their graceful shutdown, so only this suite notices.
stage "fault tests" bash scripts/jest.sh --selectProjects fault --runInBand --forceExit
# The cluster under the failures it sees every week, CI-sized; `npm run faults` alone runs the full-length ones.
stage "faults: a cluster under the week's failures" npm run --silent faults -- --quick
printf '\nall stages passed in %ss\n' "$((SECONDS - started))"
node scripts/test-tally.cjs "$JEST_RESULTS_DIR"
