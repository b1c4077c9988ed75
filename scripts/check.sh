#!/usr/bin/env bash
# `npm run check`: everything `npm test` checks before it runs the tests — type-checks, formatting, lint, the
# shell scripts' syntax and the generated docs. Needs only `npm install`: no scripts/setup.sh, no builds.
#   bash scripts/check.sh          all of it (`npm run check`; scripts/test.sh runs this)
#   bash scripts/check.sh lint     ESLint alone (`npm run lint`)
#   bash scripts/check.sh format   Prettier rewrites what the format check checks (`npm run format`)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-path.sh

# What Prettier formats (.prettierrc.json; .prettierignore leaves out generated files, dashboard/dist and the
# dashboard's stylesheet) and what ESLint lints (eslint.config.mjs, with the dependency rules of
# docs/architecture.md). One list each, for the check and for the commands that fix or run one step.
PRETTIER_FILES=("src/**/*.ts" "test/**/*.ts" "bench/**/*.ts" "scripts/**/*.{ts,mjs}" eslint.config.mjs "dashboard/**/*.{ts,html}")
ESLINT_PATHS=(src test bench scripts dashboard eslint.config.mjs)

case "${1:-all}" in
  lint) exec npx eslint "${ESLINT_PATHS[@]}" ;;
  format) exec npx prettier --write --log-level warn "${PRETTIER_FILES[@]}" ;;
  all) ;;
  *)
    echo "usage: bash scripts/check.sh [lint|format]" >&2
    exit 2
    ;;
esac

# Two lanes, one per core: ESLint (the longest step) beside the type-checks, format and docs checks. Each
# lane's output is printed when both are done, in this order; a failure in either fails the check.
lanes=$(mktemp -d)
trap 'rm -rf "$lanes"' EXIT
(
  set -e
  echo "== lint (ESLint: eslint.config.mjs, including the dependency rules of docs/architecture.md; \`npm run lint\`)"
  npx eslint "${ESLINT_PATHS[@]}"
) >"$lanes/lint" 2>&1 &
lint=$!
rc=0
(
  set -e
  echo "== type-check (strict, no unused locals or parameters; the dashboard with dashboard/tsconfig.json)"
  npx tsc --noEmit -p tsconfig.json
  npx tsc --noEmit -p dashboard/tsconfig.json
  echo "== format (Prettier: .prettierrc.json; \`npm run format\` fixes it)"
  npx prettier --check --log-level warn "${PRETTIER_FILES[@]}"
  echo "== shell scripts parse (bash -n: a quote left open fails here, not in a fresh machine's set-up)"
  for f in scripts/*.sh .ci/run; do bash -n "$f"; done
  echo "== generated docs are up to date"
  node --import tsx scripts/generate-docs.ts --check
  node --import tsx scripts/generate-sdk-types.ts --check
) >"$lanes/types" 2>&1 &
types=$!
# Each lane is waited for outside any condition: a lane's `set -e` holds only where its exit is not tested.
wait "$types" || rc=$?
wait "$lint" || rc=$?
cat "$lanes/types" "$lanes/lint"
exit "$rc"
