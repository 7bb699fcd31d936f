#!/usr/bin/env bash
# Finds the browsers the tests drive, or installs Debian's — in the first seconds of
# `npm test` (its `pretest`) and of `.ci/run`, so a machine without one never runs minutes
# of tests before failing. Browser downloads (`npx playwright install`) are not possible on
# our machines: Debian's packages only.
#
# - Chromium, for every end-to-end test: Debian's `chromium`, or any binary named by
#   CHROMIUM_PATH/CHROME_PATH.
# - Firefox ESR and WebKitGTK, for the cross-engine journey (`npm run test:engines`,
#   e2e/engines): `firefox-esr`; `webkit2gtk-driver` (WebKitWebDriver), `xvfb`,
#   `gir1.2-webkit2-4.1` and `python3-gi` (the WebKit host, e2e/engines/webkit-host.py).
#
# Exit 0 and print each browser's path and version, or exit 1 with what to do.
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

# The other engines: Firefox ESR, and WebKitGTK driven through its WebDriver and our host.
ENGINE_PACKAGES=(firefox-esr webkit2gtk-driver xvfb gir1.2-webkit2-4.1 python3-gi)
have_webkit_gi() {
  /usr/bin/python3 -c "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2" \
    >/dev/null 2>&1
}
have_engines() {
  [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && command -v Xvfb >/dev/null 2>&1 &&
    have_webkit_gi
}
if ! have_engines; then
  if command -v apt-get >/dev/null 2>&1; then
    echo "Firefox ESR or WebKitGTK missing: installing Debian's ${ENGINE_PACKAGES[*]}…"
    if ! { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${ENGINE_PACKAGES[@]}"; }; then
      echo "error: could not install Firefox ESR and WebKitGTK (needs root or passwordless sudo)." >&2
      echo "Install them yourself: sudo apt-get install -y ${ENGINE_PACKAGES[*]}" >&2
      exit 1
    fi
  else
    echo "error: Firefox ESR or WebKitGTK missing and no apt-get to install them." >&2
    echo "The cross-engine tests need Debian's ${ENGINE_PACKAGES[*]}." >&2
    exit 1
  fi
  if ! have_engines; then
    echo "error: installed, but /usr/bin/firefox-esr, /usr/bin/WebKitWebDriver, Xvfb or WebKit2 4.1 for /usr/bin/python3 is still missing." >&2
    exit 1
  fi
fi
echo "firefox: /usr/bin/firefox-esr ($(/usr/bin/firefox-esr --version 2>/dev/null || echo 'version unknown'))"
echo "webkit: /usr/bin/WebKitWebDriver (WebKitGTK $(/usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2 as W; print(f'{W.get_major_version()}.{W.get_minor_version()}.{W.get_micro_version()}')" 2>/dev/null))"

# The same lookup Playwright's config uses (scripts/find-chromium.ts); a clear message if wrong.
path=$(node --import tsx -e \
  "import('./scripts/find-chromium.ts').then((m) => console.log(m.findChromium()))")
echo "chromium: ${path} ($("${path}" --version 2>/dev/null || echo 'version unknown'))"
