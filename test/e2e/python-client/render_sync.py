"""render(): POST /v1/render of a deployed version (by slug) and of inline HTML and Markdown."""

import json
import sys

from _common import client, emit
from folio_client import PendingRender

slug, payload_file, out_pdf, out_inline = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
folio = client()
with open(payload_file, encoding="utf-8") as f:
    payload = json.load(f)
r = folio.render(slug, version="production", payload=payload, business_key="PY-SYNC-1", wait_seconds=40)
assert not isinstance(r, PendingRender), f"still pending: {r.job}"
with open(out_pdf, "wb") as f:
    f.write(r.pdf)
inline = folio.render(
    html='<!doctype html><link rel="stylesheet" href="css/style.css"><h1>Inline from Python</h1><p>{{customer}}</p>',
    files={"css/style.css": b"h1 { color: #123; }"},
    engine="handlebars",
    payload={"customer": "Ada Lovelace"},
)
assert inline.status == "succeeded"
with open(out_inline, "wb") as f:
    f.write(inline.content)
md = folio.render(markdown="# Notes from Python\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
assert md.status == "succeeded"
emit(
    {
        "jobId": r.job_id,
        "pageCount": r.page_count,
        "sha256": r.sha256,
        "fileName": r.file_name,
        "contentType": r.content_type,
        "bytes": len(r.pdf),
        "warnings": [{"code": w.code, "count": w.count} for w in r.warnings],
        "inline": {"jobId": inline.job_id, "pageCount": inline.page_count},
        "markdown": {"pageCount": md.page_count, "head": md.pdf[:5].decode("latin-1")},
    }
)
