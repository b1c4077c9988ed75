#!/usr/bin/env bash
# `npm test`: set up what is missing, run the checks (scripts/check.sh: type-check, format, lint, generated
# docs), then every test suite.
# One folder or file: `bash scripts/test.sh test/unit` or `node scripts/run-tests.mjs test/unit/ids.test.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."
FOLIO_OFFICE=1 bash scripts/setup.sh
bash scripts/check.sh
echo "== tests"
node scripts/run-tests.mjs "$@"
