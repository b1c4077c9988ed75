"""render_batch() of 5 items, its items listed with iterate_items(), one item's PDF downloaded."""

import sys
from typing import List

from _common import client, emit, sample_payload

deploy_id, payload_file = sys.argv[1], sys.argv[2]
folio = client()
progress: List[int] = []
items = [{"businessKey": f"PY-BATCH-{i}", "payload": sample_payload(payload_file, f"PY-BATCH-{i}")} for i in range(5)]
batch = folio.render_batch(
    deploy_id,
    items,
    business_key="py-batch",
    poll_interval=0.25,
    timeout=120,
    on_progress=lambda counts, b: progress.append(counts["succeeded"]),
)
listed = list(folio.render_batches.iterate_items(batch["id"], limit=2))
first = folio.download(listed[0]["job"]["id"])
emit(
    {
        "id": batch["id"],
        "status": batch["status"],
        "counts": batch["counts"],
        "items": [{"index": it["index"], "businessKey": it["job"]["businessKey"], "status": it["job"]["status"]} for it in listed],
        "progress": progress,
        "firstHead": first[:5].decode("latin-1"),
        "inList": any(b["id"] == batch["id"] for b in folio.render_batches.iterate()),
    }
)
