"""render_job() + wait_for_job() (long poll) + download() to a file and to bytes."""

import json
import sys
from typing import List

from _common import client, emit

deploy_id, payload_file, out_pdf = sys.argv[1], sys.argv[2], sys.argv[3]
folio = client()
with open(payload_file, encoding="utf-8") as f:
    payload = json.load(f)
statuses: List[str] = []
job = folio.render_job(deploy_id, payload=payload, business_key="PY-ASYNC-1")
done = folio.wait_for_job(job["id"], timeout=60, on_update=lambda j: statuses.append(j["status"]))
written = folio.download(done, out_pdf)
in_memory = folio.download(job["id"])
with open(out_pdf, "rb") as f:
    on_disk = f.read()
emit(
    {
        "createdStatus": job["status"],
        "jobId": done["job"]["id"],
        "statuses": statuses,
        "pageCount": done["output"]["pageCount"],
        "path": written.path,
        "bytes": written.bytes,
        "sha256": written.sha256,
        "sameBytes": in_memory == on_disk,
    }
)
