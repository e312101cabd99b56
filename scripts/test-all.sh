#!/usr/bin/env bash
# The README's second command: install what is missing, then build and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --for-tests
npm test
