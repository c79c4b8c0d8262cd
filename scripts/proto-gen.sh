#!/usr/bin/env bash
# Generates the event code from proto/ into services/kit/src/proto.
#   --check: regenerate into a scratch copy and fail if the committed code differs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/services/kit/src/proto"
cd "$root/proto"
buf="$root/node_modules/.bin/buf"
"$buf" lint
if [ "${1:-}" = "--check" ]; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  cp -r "$out" "$scratch/committed"
  "$buf" generate
  if ! diff -r "$scratch/committed" "$out" >/dev/null; then
    diff -r "$scratch/committed" "$out" | head -40
    rm -rf "$out" && cp -r "$scratch/committed" "$out"
    echo "proto: generated code is stale; run npm run proto:gen and commit" >&2
    exit 1
  fi
  echo "proto: generated code is current"
else
  rm -rf "$out"
  "$buf" generate
  echo "proto: generated into ${out#"$root"/}"
fi
