#!/usr/bin/env bash
# `npm start`: set up what is missing, then run the all-in-one embedded service (SQLite + files in ./data).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec bin/folio serve
