#!/usr/bin/env bash
# The README's first command: install what is missing, build the plugin and the
# example site, then serve the site (DOCSITE_PORT, 3000) with the API (API_PORT, 3001).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
exec npm run serve --workspace example-site
