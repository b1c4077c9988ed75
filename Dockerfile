# Folio image: one image for every role (serve, api, worker, migrate and the operator commands). Built and
# run on every CI run by `npm run test:image` (scripts/test-image.sh, test/image/); docs/operations.md,
# "Run the image", has the commands it runs.
#
#   podman build --format docker -t folio .                       # or: docker build -t folio .
#   podman run -p 8080:8080 -v folio-data:/data folio             # all-in-one: SQLite + files in /data
#
# Chromium runs as the non-root user below, so it keeps its sandbox; inside a container that sandbox needs
# user namespaces, which Docker's default seccomp profile blocks (podman's allows them). Under Docker give
# the container a seccomp profile that allows them (or --security-opt seccomp=unconfined / --cap-add
# SYS_ADMIN); read docs/operations.md, "Chromium's sandbox", before choosing.

# ---- build stage: the dashboard's static assets, the compiled server and the client packages it serves
# (vite, tsc, esbuild: dev dependencies) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.json tsconfig.build.json LICENSE ./
COPY scripts/build.sh scripts/node-path.sh scripts/build-sdk.mjs scripts/build-cli.mjs scripts/pack-packages.mjs scripts/python-wheel.mjs scripts/pyproject-fields.mjs ./scripts/
COPY packages/sdk ./packages/sdk
COPY packages/cli ./packages/cli
COPY packages/python ./packages/python
COPY dashboard ./dashboard
COPY src ./src
RUN bash scripts/build.sh

# ---- runtime ----
FROM node:24-bookworm-slim

# Chromium and fonts from Debian (Latin, Noto incl. CJK and colour emoji), fontconfig's tools (fc-list, with
# which `folio doctor` checks the fonts), the PDF tools jobs run (poppler-utils: pdfinfo for page references,
# pdftoppm for page images; qpdf: protected PDFs), tini as PID 1 so Chromium's orphaned helper processes are
# reaped; a Java runtime and Saxon-HE for e-invoice validation (docs/einvoice.md). The JRE's set-up links its
# manual pages into /usr/share/man/man1, which a trimmed base may lack.
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium-headless-shell fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fontconfig \
      poppler-utils qpdf icc-profiles-free tini ca-certificates default-jre-headless libsaxonhe-java \
 && rm -rf /var/lib/apt/lists/* /tmp/hsperfdata_*

WORKDIR /app
# The server runs from compiled JavaScript (dist/), so production dependencies suffice.
COPY package.json package-lock.json ./
# npm on Node 24 keeps V8's compile cache in /tmp/node-compile-cache: gone with npm's own cache.
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force && rm -rf /tmp/node-compile-cache
COPY bin ./bin
COPY einvoice ./einvoice
COPY --from=build /app/dist ./dist
COPY --from=build /app/dashboard/dist ./dashboard/dist
# The @folio/sdk and @folio/cli tarballs the server hands out (GET /sdk/…, GET /cli/…).
COPY --from=build /app/build/packages ./build/packages

# /data holds the SQLite database, filesystem blobs and the generated signing key in embedded mode, and
# the S3 upload staging area in scale-out mode.
RUN mkdir -p /data && chown node:node /data
# Only settings of src/config/schema.ts (test/integration/container-files.test.ts checks it).
ENV HOST=0.0.0.0 \
    PORT=8080 \
    FOLIO_DATA_DIR=/data \
    FOLIO_CHROMIUM_PATH=/usr/lib/chromium/chromium-headless-shell
VOLUME ["/data"]
EXPOSE 8080

# The image's `node` user (uid 1000): Chromium runs as it, with its own sandbox (FOLIO_CHROMIUM_NO_SANDBOX
# is the explicit, logged way out; docs/operations.md).
USER node

HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["bin/folio", "serve"]
