# Shared setup steps for scripts/serve.sh and scripts/test.sh (sourced, not run).
# They install only into .venv/ and, where something is missing on the machine, say what they do.

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_venv [dev]: .venv with the pinned dependencies (dev tools too when asked).
ensure_venv() {
  local extras="${1:-}" python="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    if ! "$python" -m venv .venv 2>/dev/null; then
      rm -rf .venv
      echo "python3 -m venv failed: installing Debian's python3-venv" >&2
      as_root apt-get update -qq
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      "$python" -m venv .venv
    fi
  fi
  local spec="." stamp=".venv/.installed"
  [ -n "$extras" ] && spec=".[$extras]"
  local want
  want="$spec $(cat pyproject.toml constraints.txt | sha256sum | cut -c1-16)"
  if [ ! -f "$stamp" ] || ! grep -qxF "$want" "$stamp"; then
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install -q --disable-pip-version-check -c constraints.txt -e "$spec"
    echo "$want" >>"$stamp"
  fi
}

# ensure_chromium: Debian's chromium for the Playwright tests (never a downloaded browser).
ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then return; fi
  echo "chromium is missing: installing Debian's chromium package" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

# ensure_program COMMAND PACKAGE: Debian's PACKAGE when COMMAND is missing (also looked for in
# /usr/sbin, where nginx lives, which is not on every user's PATH). The tests start their own
# redis-server and nginx on free loopback ports; the packages' system services are not used.
ensure_program() {
  if command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ]; then return; fi
  echo "$1 is missing: installing Debian's $2 package" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
