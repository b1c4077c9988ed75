#!/usr/bin/env bash
# `npm run test:image`: builds the project's Dockerfile, unchanged, with podman and runs test/image against
# the image (all-in-one with a volume, api + worker on PostgreSQL + S3, Chromium's sandbox, the image's
# contents, compose.yaml through podman-compose). Needs root on a Debian machine: what is missing comes
# from Debian's packages (podman, runc, debootstrap, podman-compose, poppler-utils).
#
# No registry serves base images here, so the Dockerfile's base (node:<major>-bookworm-slim) is made from
# Debian's packages (debootstrap --variant=minbase, with the apt and dpkg settings of Debian's slim images)
# plus this machine's own Node.js and npm in the official image's layout (/usr/local, user `node` uid 1000),
# and imported under that name. The Node.js is the one PATH gives after scripts/node-path.sh: .tools/node,
# which scripts/setup.sh installs from the npm registry when the machine's is older than the supported line.
# It is kept between runs and made again only when its recipe (this file) or that Node.js changes; the
# build reuses podman's layer cache.
#
# A failure names its step: `FAIL: npm run test:image, step "<step>"`.
#   FOLIO_TEST_IMAGE_TAG   the tag built and tested (localhost/folio:test)
#   FOLIO_TEST_PG_URL      the PostgreSQL server the scale-out test uses (postgres://<user>@127.0.0.1:5432/test)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
# The project's Node.js (.tools/node, installed by scripts/setup.sh when the machine's is too old) when there is one.
source scripts/node-path.sh

STEP=""
STEP_START=$SECONDS
RUN_START=$SECONDS
step() {
  [ -z "$STEP" ] || echo "   ($STEP: $((SECONDS - STEP_START)) s)"
  STEP="$1"
  STEP_START=$SECONDS
  echo "== image: $STEP"
}
on_exit() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "FAIL: npm run test:image, step \"$STEP\" (exit code $rc); its output is above" >&2
  else
    echo "   ($STEP: $((SECONDS - STEP_START)) s)"
    echo "== image: all steps passed in $((SECONDS - RUN_START)) s"
  fi
}
trap on_exit EXIT

# podman as this machine runs it: the runc runtime (crun fails on hybrid cgroups), cgroupfs (no systemd),
# no default ulimits (podman's defaults exceed this machine's hard limits). A file of the project's, given
# through CONTAINERS_CONF, so the machine's own /etc/containers stays as it is.
export CONTAINERS_CONF="$ROOT/test/image/containers.conf"
export FOLIO_TEST_IMAGE_TAG="${FOLIO_TEST_IMAGE_TAG:-localhost/folio:test}"

step "install the container tools (Debian packages)"
need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || need+=(runc)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v podman-compose >/dev/null 2>&1 || need+=(podman-compose)
command -v pdfinfo >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "test:image needs root (rootful podman, debootstrap) to install: ${need[*]}" >&2
    exit 1
  fi
  echo "installing ${need[*]}"
  apt-get update -qq >/dev/null
  # With their recommended packages (uidmap, fuse-overlayfs, slirp4netns, catatonit), as tested.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ "$(id -u)" -eq 0 ] || {
  echo "test:image runs podman as root (debootstrap, --network host); run it as root" >&2
  exit 1
}
podman --version

step "base image"
# Every FROM that is not an earlier stage of the Dockerfile.
mapfile -t bases < <(awk 'toupper($1) == "FROM" { if (!($2 in stage)) print $2; for (i = 3; i <= NF; i++) if (toupper($i) == "AS") stage[$(i + 1)] = 1 }' Dockerfile | sort -u)
node_bin=$(readlink -f "$(command -v node)")
node_version=$(node -p process.versions.node)
# npm's own folder, from the npm on PATH (bin/npm-cli.js in it): `npm root -g` names the global folder of the
# Node.js running npm, which for .tools/node holds no npm (npm stays the machine's).
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ "$(node -p "require(process.argv[1]).name" "$npm_dir/package.json" 2>/dev/null)" = npm ] || {
  echo "npm's folder not found (from $(command -v npm))" >&2
  exit 1
}
for base in "${bases[@]}"; do
  if ! [[ "$base" =~ ^node:([0-9]+)-bookworm-slim$ ]]; then
    echo "the Dockerfile's base $base cannot be made here: only node:<major>-bookworm-slim (Debian bookworm + this machine's Node.js)" >&2
    exit 1
  fi
  if [ "${BASH_REMATCH[1]}" != "${node_version%%.*}" ]; then
    echo "the Dockerfile's base $base wants Node.js ${BASH_REMATCH[1]}; this machine has $node_version ($(command -v node); scripts/setup.sh installs the supported one when the machine's is older)" >&2
    exit 1
  fi
  ref="docker.io/library/$base"
  # What the base is made from: this recipe, the Node.js binary and npm. A change makes it again.
  recipe=$( (sed -n '/^  # ---- base recipe/,/^  # ---- end of base recipe/p' "$ROOT/scripts/test-image.sh" && sha256sum "$node_bin" && cat "$npm_dir/package.json") | sha256sum | cut -c1-16)
  if podman image exists "$ref" && [ "$(podman image inspect --format '{{index .Labels "folio.test-base"}}' "$ref")" = "$recipe" ]; then
    echo "$ref: kept from an earlier run (recipe $recipe)"
    continue
  fi
  # ---- base recipe: node:<major>-bookworm-slim from Debian's packages and this machine's Node.js ----
  mirror=$(sed -n 's/^URIs:[[:space:]]*\(\S*\/debian\)\/\?$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)
  [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
  [ -n "$mirror" ] || {
    echo "no Debian bookworm mirror in this machine's apt sources" >&2
    exit 1
  }
  rootfs=$(mktemp -d /var/tmp/folio-base.XXXXXX)
  echo "debootstrap --variant=minbase bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
    tail -20 "$rootfs.log" >&2
    exit 1
  }
  # The machine's apt sources (bookworm, -updates, -security) and mirror settings; Debian's image settings:
  # no package cache kept after an install, compressed indexes, no translations, and (slim) no docs, man
  # pages or locales from packages installed later.
  cp /etc/apt/sources.list.d/*.sources "$rootfs/etc/apt/sources.list.d/" 2>/dev/null && rm -f "$rootfs/etc/apt/sources.list"
  for f in /etc/apt/apt.conf.d/*; do
    if grep -q 'Check-Valid-Until' "$f"; then cp "$f" "$rootfs/etc/apt/apt.conf.d/"; fi
  done
  clean='"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"'
  printf 'DPkg::Post-Invoke { %s; };\nAPT::Update::Post-Invoke { %s; };\nDir::Cache::pkgcache "";\nDir::Cache::srcpkgcache "";\n' "$clean" "$clean" >"$rootfs/etc/apt/apt.conf.d/docker-clean"
  echo 'Acquire::GzipIndexes "true";' >"$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
  echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
  echo 'force-unsafe-io' >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
    'path-exclude /usr/share/groff/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/lintian/*' \
    'path-exclude /usr/share/linda/*' 'path-exclude /usr/share/locale/*' >"$rootfs/etc/dpkg/dpkg.cfg.d/docker"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  # Node.js and npm as the official image lays them out, and its `node` user (uid and gid 1000).
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
  cp "$node_bin" "$rootfs/usr/local/bin/node"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # The certificate authorities Node.js trusts on this machine (its route to the npm registry may pass a
  # proxy that signs with one of its own), trusted by Node.js in the image too.
  changes=()
  extra_ca=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile)}
  if [ -f "$extra_ca" ]; then
    mkdir -p "$rootfs/usr/local/share/ca-certificates"
    cp "$extra_ca" "$rootfs/usr/local/share/ca-certificates/node-extra-ca-certs.pem"
    changes+=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/node-extra-ca-certs.pem")
  fi
  chroot "$rootfs" /usr/local/bin/node --version >/dev/null
  tar --numeric-owner -C "$rootfs" -c . | podman import \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=$node_version" \
    "${changes[@]}" \
    --change 'CMD ["node"]' \
    --change "LABEL folio.test-base=$recipe" \
    - "$ref" >/dev/null
  # ---- end of base recipe ----
  rm -rf "$rootfs" "$rootfs.log"
  echo "$ref: made (Node.js $node_version, recipe $recipe)"
done

step "build the Dockerfile"
# --network host: the package registries are reached through the machine's own network. --format docker:
# the OCI format has no HEALTHCHECK, and Docker keeps the one the Dockerfile declares. The build stage is
# tagged too, so that the prune below keeps its layers (the cache of the next build).
build=(podman build --format docker --network host --pull=never --file Dockerfile)
"${build[@]}" --target build --tag "$FOLIO_TEST_IMAGE_TAG-build" .
"${build[@]}" --tag "$FOLIO_TEST_IMAGE_TAG" .
podman image inspect --format 'image {{.Id}}: {{.Size}} bytes' "$FOLIO_TEST_IMAGE_TAG"
# Earlier builds that no tag refers to any more; only images made on the base above carry its label.
podman image prune --force --filter label=folio.test-base >/dev/null

step "run the image tests (test/image)"
node scripts/run-tests.mjs test/image
