"""Points the deploy's webhook at the Node test's receiver, then renders one job (its webhook follows)."""

import sys

from _common import client, emit, sample_payload

deploy_id, payload_file, receiver_url = sys.argv[1], sys.argv[2], sys.argv[3]
folio = client()
settings = folio.deploys.update_settings(deploy_id, {"webhook": {"enabled": True, "url": receiver_url}})
done = folio.render_and_wait(deploy_id, payload=sample_payload(payload_file, "PY-HOOK-1"), business_key="PY-HOOK-1", timeout=60)
emit({"webhook": settings["settings"]["webhook"], "jobId": done["job"]["id"]})
