#!/usr/bin/env bash
# Renders a deployed bundle with a payload file and saves the PDF, with curl and node (for JSON).
# Usage: FOLIO_API_URL=… FOLIO_API_KEY=… examples/render.sh <deploy slug> <payload.json> [out.pdf]
set -euo pipefail
SLUG="${1:?deploy slug}"; PAYLOAD="${2:?payload file}"; OUT="${3:-$SLUG.pdf}"
: "${FOLIO_API_URL:?set FOLIO_API_URL}"; : "${FOLIO_API_KEY:?set FOLIO_API_KEY}"
AUTH="Authorization: Bearer $FOLIO_API_KEY"
json() { node -e "const d=JSON.parse(require('fs').readFileSync(0,'utf8')); const v=($1); process.stdout.write(typeof v==='string'?v:JSON.stringify(v))"; }

# The API takes the slug where it takes a deploy id.
DEPLOY_ID=$(curl -s -H "$AUTH" "$FOLIO_API_URL/v1/deploys/$SLUG" | json "d.deploy ? d.deploy.id : ''")
[ -n "$DEPLOY_ID" ] || { echo "no deploy with slug $SLUG" >&2; exit 1; }

# 1. Create the job (202: queued), 2. long-poll until it is terminal, 3. get a signed link, 4. download.
JOB=$(curl -sS -H "$AUTH" -H 'content-type: application/json' \
  -d "{\"deployVersionId\":\"latest\",\"payload\":$(cat "$PAYLOAD")}" "$FOLIO_API_URL/v1/deploys/$DEPLOY_ID/render-jobs" | json 'd.job ? d.job.id : (console.error(JSON.stringify(d)), process.exit(1))')
STATUS=$(curl -sS -H "$AUTH" "$FOLIO_API_URL/v1/render-jobs/$JOB?waitSeconds=30" | json 'd.job.status + (d.job.errorCode ? " " + d.job.errorCode + ": " + d.job.errorMessage : "") + (d.output ? " (" + d.output.pageCount + " pages, " + d.output.bytes + " bytes)" : "")')
echo "job $JOB: $STATUS"
case "$STATUS" in succeeded*) ;; *) exit 1;; esac
URL=$(curl -sS -X POST -H "$AUTH" "$FOLIO_API_URL/v1/render-jobs/$JOB/output-download" | json 'd.access.url')
curl -sSf -o "$OUT" "$URL"
echo "PDF saved to $(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")"
