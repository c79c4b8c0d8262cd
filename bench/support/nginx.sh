#!/usr/bin/env bash
# nginx for the gateway benchmark, from Debian's packages.
#   bash bench/support/nginx.sh ensure   installs nginx when it is missing (apt-get update once, then
#                                        nginx-light, else nginx) and prints the binary's path.
# Idempotent: when nginx is already there nothing is installed. The package's own service is never
# started here; the benchmark runs its own nginx as a child with a generated configuration.
set -euo pipefail

find_nginx() {
  command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}

ensure() {
  local found
  found="$(find_nginx)"
  if [ -z "$found" ]; then
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    # policy-rc.d 101: the package must not start (or enable) a system nginx on port 80.
    local policy=/usr/sbin/policy-rc.d created_policy=''
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
      "${sudo[@]}" chmod +x "$policy"
      created_policy=1
    fi
    {
      "${sudo[@]}" apt-get update -qq
      DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends nginx-light ||
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends nginx
    } >&2
    [ -z "$created_policy" ] || "${sudo[@]}" rm -f "$policy"
    found="$(find_nginx)"
    [ -n "$found" ] || { echo "nginx could not be installed" >&2; exit 1; }
  fi
  echo "$found"
}

case "${1:-}" in
  ensure) ensure ;;
  *)
    echo "usage: $0 ensure" >&2
    exit 2
    ;;
esac
