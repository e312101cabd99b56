#!/usr/bin/env bash
# Installs what running the example and the tests needs on a fresh machine:
# Chromium and fonts for emoji, CJK and other scripts (without them those
# characters print as boxes), and with --for-tests poppler-utils and qpdf (the
# tests read and check PDFs with them) and redis-server (the job queue's tests
# start their own), from the distribution when missing,
# then the npm dependencies. Puppeteer never downloads a browser here.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
has_chromium() {
  local candidate
  for candidate in "${PUPPETEER_EXECUTABLE_PATH:-}" "${CHROME_PATH:-}" /usr/bin/chromium \
    /usr/bin/chromium-browser /usr/bin/google-chrome-stable /usr/bin/google-chrome; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && return 0
  done
  return 1
}
has_chromium || packages+=(chromium)
# The font packages server/fonts.ts names (FONT_PACKAGES), each added when fontconfig finds no font for its scripts.
has_font() { command -v fc-list >/dev/null && [ -n "$(fc-list "$1" family)" ]; }
has_font ':charset=1f680' || packages+=(fonts-noto-color-emoji)
has_font ':lang=zh-cn' && has_font ':lang=ja' && has_font ':lang=ko' || packages+=(fonts-noto-cjk)
has_font ':lang=ar' && has_font ':lang=he' && has_font ':lang=el' && has_font ':lang=ru' && has_font ':charset=2b62' ||
  packages+=(fonts-noto-core)
if [ "${1:-}" = "--for-tests" ]; then
  command -v pdftotext >/dev/null || packages+=(poppler-utils)
  command -v qpdf >/dev/null || packages+=(qpdf)
  command -v redis-server >/dev/null || packages+=(redis-server)
fi

if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  if command -v apt-get >/dev/null && { [ -z "$sudo" ] || command -v sudo >/dev/null; }; then
    echo "Installing ${packages[*]} with apt-get"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
  else
    echo "Please install: ${packages[*]} (or set PUPPETEER_EXECUTABLE_PATH to a Chrome/Chromium)." >&2
    exit 1
  fi
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm dependencies"
  PUPPETEER_SKIP_DOWNLOAD=true npm ci --no-audit --no-fund
fi
