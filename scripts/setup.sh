#!/usr/bin/env bash
# Installs what running the example and the tests needs on a fresh machine:
# Chromium (its headless shell where the distribution has one) and fonts for
# emoji, CJK and other scripts (without them those characters print as boxes),
# and with --for-tests poppler-utils and qpdf (the tests read and check PDFs with
# them), redis-server (the job queue's tests start their own) and the full
# Chromium, from the distribution when missing, then the npm dependencies.
# Puppeteer never downloads a browser here.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
reasons=()
# Adds a Debian package to install, with the reason said before installing it.
want() {
  [[ " ${packages[*]} " == *" $1 "* ]] && return 0
  packages+=("$1")
  reasons+=("$1: $2")
}
has_chromium() {
  local candidate
  for candidate in "${PUPPETEER_EXECUTABLE_PATH:-}" "${CHROME_PATH:-}" /usr/bin/chromium-headless-shell \
    /usr/bin/chrome-headless-shell /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome-stable \
    /usr/bin/google-chrome; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && return 0
  done
  return 1
}
# Exports prefer Chromium's headless shell (server/chromium.ts): the same book in about a quarter
# less memory. Wanted when the environment names no browser and none is installed, or beside
# Debian's own chromium package (the shell comes from the same source package).
wants_headless_shell() {
  [ -z "${PUPPETEER_EXECUTABLE_PATH:-}${CHROME_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] &&
    [ ! -x /usr/bin/chrome-headless-shell ] &&
    { ! has_chromium || dpkg-query -W -f '${Status}' chromium 2>/dev/null | grep -q 'ok installed'; }
}
# The font packages server/fonts.ts names (FONT_PACKAGES), each added when fontconfig finds no font for its scripts.
has_font() { command -v fc-list >/dev/null && [ -n "$(fc-list "$1" family)" ]; }
has_font ':charset=1f680' || want fonts-noto-color-emoji 'emoji print as boxes without it'
# CJK in TrueType outlines: Chromium prints a CFF font (fonts-noto-cjk) as Type 3 glyphs (server/fonts.ts CJK_TRUETYPE_PATTERNS).
has_font ':fontformat=TrueType:lang=zh-cn' && has_font ':fontformat=TrueType:lang=zh-tw' || want fonts-wqy-microhei 'Chinese prints as boxes, or as Type 3 glyphs, without it'
has_font ':fontformat=TrueType:lang=ja' || want fonts-morisawa-bizud-gothic 'Japanese prints in a Chinese font, or as Type 3 glyphs, without it'
has_font ':fontformat=TrueType:lang=ko' || want fonts-nanum 'Korean prints as boxes, or as Type 3 glyphs, without it'
has_font ':lang=ar' && has_font ':lang=he' && has_font ':lang=el' && has_font ':lang=ru' && has_font ':charset=2b62' ||
  want fonts-noto-core 'Arabic, Hebrew, Greek, Cyrillic and symbols print as boxes without it'
if [ "${1:-}" = "--for-tests" ]; then
  # server/export/native/shared/print-fontconfig.ts sets it aside for the TrueType fonts above; its tests want it there.
  has_font ':fontformat=CFF:lang=zh-cn' || want fonts-noto-cjk 'the tests print beside its CFF fonts, which exports set aside'
  command -v pdftotext >/dev/null || want poppler-utils 'the tests read the PDFs with it'
  command -v qpdf >/dev/null || want qpdf 'the tests check the PDFs with it'
  command -v redis-server >/dev/null || want redis-server "the job queue's tests start their own"
  # Beside the headless shell the exports use: the tests of the full Chromium's own path
  # (test/e2e/browser-host.test.ts) run it.
  if command -v apt-get >/dev/null && [ ! -x /usr/bin/chromium ]; then want chromium 'the tests of the full browser run it'; fi
fi

sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
if command -v apt-get >/dev/null && { [ -z "$sudo" ] || command -v sudo >/dev/null; }; then
  has_chromium || wants_headless_shell || want chromium 'exports run in it, and no browser was found'
  # Said before anything changes on the machine.
  if wants_headless_shell; then
    echo "Installing with apt-get: chromium-headless-shell (exports prefer it: the same book in less memory)"
  fi
  if [ ${#packages[@]} -gt 0 ]; then
    echo "Installing with apt-get what is missing:"
    printf '  %s\n' "${reasons[@]}"
  fi
  if [ ${#packages[@]} -gt 0 ] || wants_headless_shell; then
    $sudo apt-get update -qq
  fi
  # Not every distribution has it: the full Chromium serves then.
  if wants_headless_shell; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 ||
      echo "chromium-headless-shell is not available here: installing the full Chromium"
  fi
  has_chromium || want chromium "the headless shell is not available"
  if [ ${#packages[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
else
  has_chromium || packages+=(chromium)
  if [ ${#packages[@]} -gt 0 ]; then
    echo "Please install: ${packages[*]} (or set PUPPETEER_EXECUTABLE_PATH to a Chrome/Chromium)." >&2
    exit 1
  fi
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm dependencies"
  PUPPETEER_SKIP_DOWNLOAD=true npm ci --no-audit --no-fund
fi
