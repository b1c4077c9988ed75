#!/usr/bin/env bash
# Builds what Folio runs from: the dashboard's static assets (dashboard/dist), the server and CLI compiled
# to JavaScript (dist/, from src/ by tsconfig.build.json), and the client packages the server hands out
# (build/packages: the @folio/sdk and @folio/cli tarballs, the Python client's wheel). Each is rebuilt only
# when missing or older than its sources, so a second run does nothing. Each is built into a temporary
# folder and swapped in, so a running server never sees a half-written folder. Called by scripts/setup.sh
# (npm start, npm test) and by `npm run build` / `npm pack`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-path.sh

# Dashboard assets (served by the api process at /dashboard): built when missing or older than their
# sources. Built into a temporary folder and swapped in, so a running server never sees a half-written dist.
dash_stamp=dashboard/dist/index.html
if [ ! -f "$dash_stamp" ] || [ -n "$(find dashboard/src dashboard/index.html dashboard/vite.config.ts dashboard/tsconfig.json -newer "$dash_stamp" -print -quit 2>/dev/null)" ]; then
  echo "setup: building the dashboard (tsc + vite)"
  npx --no-install tsc --noEmit -p dashboard/tsconfig.json
  dash_tmp="dashboard/.dist-build-$$"
  FOLIO_DASHBOARD_OUT_DIR="$PWD/$dash_tmp" npx --no-install vite build dashboard --logLevel warn
  rm -rf "dashboard/.dist-old-$$"
  if [ -d dashboard/dist ]; then mv dashboard/dist "dashboard/.dist-old-$$"; fi
  mv "$dash_tmp" dashboard/dist
  rm -rf "dashboard/.dist-old-$$"
fi

# Server and CLI: bin/folio runs dist/main/cli.js (tsx is only a development tool). The stamp is written
# before compiling, so a source saved while tsc runs is newer than it and triggers the next build.
build_stamp=dist/.build-stamp
if [ ! -f "$build_stamp" ] || [ -n "$(find src tsconfig.json tsconfig.build.json -newer "$build_stamp" -print -quit 2>/dev/null)" ]; then
  echo "setup: compiling the server and CLI (tsc)"
  build_tmp=".dist-build-$$"
  rm -rf "$build_tmp"
  mkdir -p "$build_tmp"
  touch "$build_tmp/.build-stamp"
  npx --no-install tsc -p tsconfig.build.json --outDir "$build_tmp"
  rm -rf ".dist-old-$$"
  if [ -d dist ]; then mv dist ".dist-old-$$"; fi
  mv "$build_tmp" dist
  rm -rf ".dist-old-$$"
fi

# The client packages the server serves (GET /sdk/folio-sdk-<version>.tgz, GET /cli/folio-cli-<version>.tgz,
# GET /sdk/folio_client-<version>-py3-none-any.whl; src/http/routes/packages.ts): built from the SDK, client
# and Python client sources and packed when missing or older than their inputs (scripts/pack-packages.mjs).
# The packages' own dist folders, and what a local pip build or Python leaves in packages/python, are
# outputs, not inputs.
pkg_stamp=build/packages/index.json
if [ ! -f "$pkg_stamp" ] || [ -n "$(find src/sdk src/domain src/cli/client src/cli/init src/cli/snapshots src/cli/dev/local-bundle.ts src/cli/dev/server-preview.ts src/main/client-cli.ts packages/sdk packages/cli packages/python scripts/build-sdk.mjs scripts/build-cli.mjs scripts/pack-packages.mjs scripts/python-wheel.mjs scripts/pyproject-fields.mjs LICENSE package-lock.json -newer "$pkg_stamp" -type f -not -path '*/dist/*' -not -path '*/node_modules/*' -not -path '*/__pycache__/*' -not -path 'packages/python/build/*' -not -path 'packages/python/*.egg-info/*' -print -quit 2>/dev/null)" ]; then
  echo "setup: building and packing @folio/sdk, @folio/cli and the Python client"
  pkg_tmp="build/.packages-build-$$"
  rm -rf "$pkg_tmp"
  node scripts/pack-packages.mjs "$pkg_tmp"
  rm -rf "build/.packages-old-$$"
  if [ -d build/packages ]; then mv build/packages "build/.packages-old-$$"; fi
  mv "$pkg_tmp" build/packages
  rm -rf "build/.packages-old-$$"
fi
