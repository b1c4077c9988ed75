"""Signed download link of a job's output fetched without the key; managed PDFs listed; a permanent link."""

import sys
import urllib.request

from _common import client, emit, sample_payload

deploy_id, payload_file = sys.argv[1], sys.argv[2]
folio = client()
done = folio.render_and_wait(
    deploy_id, payload=sample_payload(payload_file, "PY-MANAGED-1"), output_mode="managed", business_key="PY-MANAGED-1", timeout=60
)
link = folio.render_jobs.download_link(done["job"]["id"], expires_in_seconds=120)
url = link["access"]["url"]
with urllib.request.urlopen(url, timeout=30) as res:  # no Authorization header: the link is its own credential
    plain = res.read()
    disposition = res.headers.get("Content-Disposition")
pdf_id = done["pdf"]["id"]
managed = [p["id"] for p in folio.pdfs.iterate(deploy_id=deploy_id)]
permanent = folio.pdfs.create_link(pdf_id)["link"]["url"]
with urllib.request.urlopen(permanent, timeout=30) as res:
    via_permanent = res.read()
emit(
    {
        "url": url,
        "head": plain[:5].decode("latin-1"),
        "bytes": len(plain),
        "disposition": disposition,
        "sameAsDownload": folio.download(url) == plain,
        "pdfId": pdf_id,
        "managed": managed,
        "permanent": permanent,
        "permanentSame": via_permanent == plain,
        "pdfDownload": folio.download(pdf_id) == plain,
    }
)
