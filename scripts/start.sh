#!/usr/bin/env bash
# `npm start`: set up what is missing, then run the all-in-one embedded service (SQLite + files in ./data).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node.js the set-up installs when the machine's is too old (.tools/node) runs the server.
source scripts/node-path.sh
bash scripts/setup.sh
# Development mode: `npm start` is local development, so webhooks may go to http:// and loopback or private
# hosts (a receiver on this machine). The network policy of rendering pages is unchanged. Set
# FOLIO_ALLOW_INSECURE_WEBHOOKS=0 to try the production rule; `folio serve` itself defaults to it.
export FOLIO_ALLOW_INSECURE_WEBHOOKS="${FOLIO_ALLOW_INSECURE_WEBHOOKS:-1}"
exec bin/folio serve
