#!/usr/bin/env bash
# `npm test`: set up what is missing, type-check, then run every test suite.
# One folder or file: `bash scripts/test.sh test/unit` or `node scripts/run-tests.mjs test/unit/ids.test.ts`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== type-check (strict, no unused locals or parameters)"
npx tsc --noEmit -p tsconfig.json
echo "== format (Prettier: .prettierrc.json; \`npx prettier --write src test bench scripts\` fixes it)"
npx prettier --check --log-level warn "src/**/*.ts" "test/**/*.ts" "bench/**/*.ts" "scripts/**/*.{ts,mjs}" eslint.config.mjs
echo "== lint (ESLint: eslint.config.mjs, including the dependency rules of docs/architecture.md)"
npx eslint src test bench scripts eslint.config.mjs
echo "== generated docs are up to date"
node --import tsx scripts/generate-docs.ts --check
node --import tsx scripts/generate-sdk-types.ts --check
echo "== tests"
node scripts/run-tests.mjs "$@"
