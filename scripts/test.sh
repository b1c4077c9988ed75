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
# Test-only tools (Debian's packages): zbarimg (zbar-tools) and dmtxread (dmtx-utils) read the QR codes,
# barcodes and DataMatrix symbols the template tests print back to their text. The lock timeout waits for
# another apt run (the image test's, beside npm test in CI) instead of failing.
test_pkgs=()
command -v zbarimg >/dev/null 2>&1 || test_pkgs+=(zbar-tools)
command -v dmtxread >/dev/null 2>&1 || test_pkgs+=(dmtx-utils)
if [ ${#test_pkgs[@]} -gt 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt_sudo=""
  [ "$(id -u)" -ne 0 ] && sudo -n true 2>/dev/null && apt_sudo="sudo"
  if [ "$(id -u)" -eq 0 ] || [ -n "$apt_sudo" ]; then
    echo "test: installing ${test_pkgs[*]} from the system packages"
    $apt_sudo apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null || true
    DEBIAN_FRONTEND=noninteractive $apt_sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${test_pkgs[@]}" >/dev/null ||
      echo "test: could not install ${test_pkgs[*]}; the barcode tests will fail" >&2
  else
    echo "test: please install ${test_pkgs[*]} (the barcode tests read codes with them)" >&2
  fi
fi
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
