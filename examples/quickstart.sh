#!/usr/bin/env bash
# Deploys a folder to Folio with nothing but curl, sha256sum and node (for JSON), then reads usage.
# Usage: FOLIO_API_URL=http://127.0.0.1:8080 FOLIO_API_KEY=folio_sk_... examples/quickstart.sh [folder] [slug]
set -euo pipefail
DIR="${1:-$(dirname "$0")/hello}"
SLUG="${2:-hello}"
: "${FOLIO_API_URL:?set FOLIO_API_URL, e.g. http://127.0.0.1:8080}"
: "${FOLIO_API_KEY:?set FOLIO_API_KEY to the key printed on first start}"
AUTH="Authorization: Bearer $FOLIO_API_KEY"
json() { node -e "const d=JSON.parse(require('fs').readFileSync(0,'utf8')); const v=($1); process.stdout.write(typeof v==='string'?v:JSON.stringify(v))"; }

# 1. Describe every file: path, sha256, size.
cd "$DIR"
FILES=$(find . -type f ! -name '.*' | sed 's|^\./||' | sort | while read -r f; do
  printf '{"path":"%s","sha256":"%s","size":%s}\n' "$f" "$(sha256sum "$f" | cut -d' ' -f1)" "$(stat -c %s "$f")"
done | paste -sd, -)

# 2. Nothing to send when the deploy's latest version already is this folder: every commit makes a new
#    version (and counts as a deploy commit), so a client compares first. The tree hash is the server's:
#    sha256 over "/path\0sha256\0size\n" of each file (the stored path has a leading /), sorted by path; the
#    settings are the ones step 5 sends.
TREE=$(find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort | while read -r f; do
  printf '/%s\0%s\0%s\n' "$f" "$(sha256sum "$f" | cut -d' ' -f1)" "$(stat -c %s "$f")"
done | sha256sum | cut -d' ' -f1)
# The API takes a slug where it takes a deploy id: 404 when there is no such deploy yet.
DEPLOY=$(curl -s -H "$AUTH" "$FOLIO_API_URL/v1/deploys/$SLUG")
DEPLOY_ID=$(echo "$DEPLOY" | json "d.deploy ? d.deploy.id : ''")
SAME=$(echo "$DEPLOY" | json "(v => v && v.treeHash === '$TREE' && v.route === '/' && v.title === '$SLUG' && v.engine === 'html' && !v.metadataJson && v.renderTimeoutMs === undefined && v.failOn.length === 0 ? v.displayId + ' (' + v.id + ') of deploy ' + v.deployId : '')(d.latestVersion)")
if [ -n "$SAME" ] && [ "${FOLIO_NEW_VERSION:-}" != 1 ]; then
  echo "uploaded 0 new blob(s); version: $SAME (unchanged; FOLIO_NEW_VERSION=1 commits a new one)"
else
  # 3. Open an upload session (creating the deploy on first use).
  if [ -n "$DEPLOY_ID" ]; then TARGET="\"deployId\":\"$DEPLOY_ID\""; else TARGET="\"createDeploy\":{\"slug\":\"$SLUG\",\"name\":\"$SLUG\"}"; fi
  SESSION=$(curl -sS -H "$AUTH" -H 'content-type: application/json' -d "{$TARGET,\"files\":[$FILES]}" "$FOLIO_API_URL/v1/upload-sessions")
  SID=$(echo "$SESSION" | json 'd.uploadSession.id')
  TOKEN=$(echo "$SESSION" | json 'd.uploadToken')

  # 4. Ask which blobs the server lacks, and upload only those.
  MISSING=$(curl -sS -H "$AUTH" -H "x-upload-token: $TOKEN" -H 'content-type: application/json' -d "{\"files\":[$FILES]}" "$FOLIO_API_URL/v1/upload-sessions/$SID/missing-blobs" | json 'd.missingBlobs.map(b => b.sha256).join(" ")')
  SENT=0
  for f in $(find . -type f ! -name '.*' | sed 's|^\./||'); do
    h=$(sha256sum "$f" | cut -d' ' -f1)
    case " $MISSING " in *" $h "*)
      curl -sSf -X PUT -H "$AUTH" -H "x-upload-token: $TOKEN" -H 'content-type: application/octet-stream' --data-binary "@$f" "$FOLIO_API_URL/v1/upload-sessions/$SID/blobs/$h" >/dev/null
      SENT=$((SENT + 1)); MISSING="${MISSING/$h/}";;
    esac
  done

  # 5. Commit: the entries are the same files; route is the entry page.
  ENTRIES=$(echo "[$FILES]" | json 'd.map(f => ({path: f.path, blobHash: f.sha256, size: f.size}))')
  VERSION=$(curl -sS -H "$AUTH" -H "x-upload-token: $TOKEN" -H 'content-type: application/json' -d "{\"entries\":$ENTRIES,\"render\":{\"route\":\"/\",\"title\":\"$SLUG\"}}" "$FOLIO_API_URL/v1/upload-sessions/$SID/commit")
  echo "uploaded $SENT new blob(s); version: $(echo "$VERSION" | json 'd.deployVersion ? d.deployVersion.displayId + " (" + d.deployVersion.id + ") of deploy " + d.deployVersion.deployId : JSON.stringify(d)')"
fi

# 6. Usage of this month.
curl -sS -H "$AUTH" "$FOLIO_API_URL/v1/usage" | json '"deploy commits this month: " + d.usageMeters.find(m => m.code === "deploy_commits").totalQuantity + ", stored bytes: " + d.liveStorage.totalBytes'
echo
