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
# Each stage's name and seconds, for the table at the end.
TIMES=()
stage() {
  local name=$1; shift
  local t=$SECONDS
  printf '\n==> %s\n' "$name"
  "$@" || { local status=$?; TIMES+=("$name: FAILED|$((SECONDS - t))"); exit "$status"; }
  printf '==> %s took %ss\n' "$name" "$((SECONDS - t))"
  TIMES+=("$name|$((SECONDS - t))")
}
# together NAME CMD NAME CMD: two single-threaded checks side by side on the two cores; each one's
# output is printed whole once both are done, and the stage fails if either did.
together() {
  local dir status=0
  dir=$(mktemp -d)
  bash -c "$2" >"$dir/1" 2>&1 & local first=$!
  bash -c "$4" >"$dir/2" 2>&1 & local second=$!
  wait "$first" || status=1
  printf -- '--- %s\n' "$1"; cat "$dir/1"
  wait "$second" || status=1
  printf -- '--- %s\n' "$3"; cat "$dir/2"
  rm -rf "$dir"
  return "$status"
}
# The table, also when a stage failed (its row says so, and no stage after it ran).
table() {
  local row
  [ ${#TIMES[@]} -gt 0 ] || return 0
  printf '\n| stage | seconds |\n| --- | ---: |\n'
  for row in "${TIMES[@]}"; do printf '| %s | %s |\n' "${row%|*}" "${row##*|}"; done
  printf '| all stages | %s |\n' "$((SECONDS - started))"
  TIMES=()
}
IMAGE_TREES=
trap 'table; rm -rf "$JEST_RESULTS_DIR" ${IMAGE_TREES:+"$IMAGE_TREES"}' EXIT

stage "infra up" bash scripts/infra up
stage "kafka: delete earlier runs' test topics" node scripts/kafka-sweep.ts
stage "lock file" node scripts/check-lock.cjs
stage "proto check" bash scripts/proto-gen.sh --check
stage "contract: current, Redocly lint; the Python client's generated code current" bash -c 'node scripts/contract/generate.ts --check && redocly lint --format=summary && bash scripts/python-client.sh check'
stage "typecheck and lint (ESLint, Prettier), side by side" together typecheck "npm run --silent typecheck" lint "npm run --silent lint"
# Workers on two cores: a third once filled the idle quarter of the stage's CPU time (suites waiting
# out a rate-limit window, a receiver's retry schedule, a child system's start): 353 s with two,
# 284 s with three on the machine of that measurement. On a slower one the stage is CPU-bound
# (2026-11-29: 1,047 s with three, load average 6-9), and three oversubscribe the cores until
# timing-bound suites fail (the webhook's shared-work and fairness suites fail the same way with two
# CPU hogs beside them, before and after that day's changes). JEST_WORKERS overrides.
stage "unit + integration tests" bash scripts/jest.sh --selectProjects unit integration --maxWorkers="${JEST_WORKERS:-2}"
stage "fuzz: Schemathesis against npm start" bash scripts/fuzz.sh
# --forceExit for this run only: after a broker restart kafkajs (maintenance-only since 2023) can
# keep one socket open past disconnect(), because BrokerPool.removeBroker drops a broker without
# disconnecting it. Services exit after their graceful shutdown, so only this suite notices.
stage "fault tests" bash scripts/jest.sh --selectProjects fault --runInBand --forceExit
# The cluster under the failures it sees every week, CI-sized (`npm run faults` alone runs the
# full-length ones); it stops and starts the shared servers, and mostly waits on them meanwhile, so
# the deploy checks that need no server run beside it, and the images' start on those servers after.
IMAGE_TREES=$(mktemp -d)
stage "faults: a cluster under the week's failures; beside them, deploy: Dockerfile, charts, image contents" \
  together faults "npm run --silent faults -- --quick" deploy "bash scripts/check-deploy.sh without-servers $IMAGE_TREES"
stage "deploy: the images started on the shared servers" bash scripts/check-deploy.sh with-servers "$IMAGE_TREES"
table
printf '\nall stages passed in %ss\n' "$((SECONDS - started))"
node scripts/test-tally.cjs "$JEST_RESULTS_DIR"
