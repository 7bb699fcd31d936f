#!/usr/bin/env bash
# Finds the Chromium the browser tests drive, or installs Debian's — in the first seconds of
# `npm test` (its `pretest`) and of `.ci/run`, so a machine without one never runs minutes
# of tests before failing. Browser downloads (`npx playwright install`) are not possible on
# our machines: Debian's `chromium` package, or any binary named by CHROMIUM_PATH/CHROME_PATH.
#
# Exit 0 and print the browser's path and version, or exit 1 with what to do.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    return 1
  fi
}

have_chromium() {
  [ -n "${CHROMIUM_PATH:-}" ] || [ -n "${CHROME_PATH:-}" ] || [ -x /usr/bin/chromium ] ||
    [ -x /usr/bin/chromium-browser ] || [ -x /usr/bin/google-chrome ]
}

if ! have_chromium; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "No Chromium found: installing Debian's chromium (apt-get install chromium)…"
    if ! { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; }; then
      echo "error: could not install Chromium (needs root or passwordless sudo)." >&2
      echo "Install it yourself (sudo apt-get install -y chromium) or set CHROMIUM_PATH=/path/to/chrome." >&2
      exit 1
    fi
  else
    echo "error: no Chromium found and no apt-get to install it." >&2
    echo "Install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chrome, then run npm test again." >&2
    exit 1
  fi
fi

# The same lookup Playwright's config uses (scripts/find-chromium.ts); a clear message if wrong.
path=$(node --import tsx -e \
  "import('./scripts/find-chromium.ts').then((m) => console.log(m.findChromium()))")
echo "chromium: ${path} ($("${path}" --version 2>/dev/null || echo 'version unknown'))"
