#!/usr/bin/env bash
# `npm test`: set up what is missing, run the checks (scripts/check.sh: type-check, format, lint, generated
# docs), then every test suite (scripts/run-tests.mjs), and print how long each step took.
# One folder or file: `bash scripts/test.sh test/unit` or `node scripts/run-tests.mjs test/unit/ids.test.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node.js the set-up installs when the machine's is too old (.tools/node) runs the checks and tests.
source scripts/node-path.sh
t0=$SECONDS
FOLIO_OFFICE=1 bash scripts/setup.sh
t1=$SECONDS
echo "== set-up: $((t1 - t0)) s"
bash scripts/check.sh
t2=$SECONDS
echo "== checks: $((t2 - t1)) s"
echo "== tests"
rc=0
node scripts/run-tests.mjs "$@" || rc=$?
echo "== npm test: set-up $((t1 - t0)) s, checks $((t2 - t1)) s, tests $((SECONDS - t2)) s, total $((SECONDS - t0)) s"
exit $rc
