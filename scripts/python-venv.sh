# Sourced by the scripts that run Python tools from PyPI (fuzz.sh, python-client.sh): a venv holding
# exactly the pinned packages, made on first use and kept under the boardsync cache.
#
#   pinned_venv DIR "pkg==1.2 other==3.4" LABEL     make DIR hold those packages, unless it already does
#
# The caller defines say and die (its own log prefix).
PYTHON_TOOLS_CACHE="${BOARDSYNC_CACHE:-$HOME/.cache/boardsync}"

pinned_venv() {
  local venv="$1" packages="$2" label="$3"
  [ "$(cat "$venv/.installed" 2>/dev/null)" = "$packages" ] && return 0
  python3 -c 'import ensurepip, venv' 2>/dev/null || {
    [ "$(id -u)" = 0 ] || die "python3-venv is missing and installing it needs root"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
  }
  say "installing $label from PyPI into a venv (first run only)"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv" || die "could not create a Python venv at $venv"
  # shellcheck disable=SC2086 # one word per pinned package
  PIP_CACHE_DIR="$PYTHON_TOOLS_CACHE/pip" "$venv/bin/pip" install --quiet --disable-pip-version-check $packages || die "pip install $packages failed"
  echo "$packages" >"$venv/.installed"
}
