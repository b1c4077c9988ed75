"""deploy_directory() of a folder three times: the second sends no blob and answers the same version
(identical files and settings), the third asks for a new version anyway."""

import sys
from typing import List

from _common import client, emit

folder, slug = sys.argv[1], sys.argv[2]
folio = client()
events: List[str] = []
first = folio.deploy_directory(
    folder, slug=slug, name="Invoice (Python)", alias="production", on_progress=lambda e: events.append(e["phase"])
)
again = folio.deploy_directory(folder, slug=slug)
forced = folio.deploy_directory(folder, slug=slug, new_version=True)
emit(
    {
        "deployId": first.deploy_id,
        "createdDeploy": first.created_deploy,
        "version": first.version,
        "versionId": first.deploy_version_id,
        "files": first.files,
        "newBlobs": first.new_blobs,
        "bytesSent": first.bytes_sent,
        "totalBytes": first.total_bytes,
        "ignored": first.ignored,
        "phases": sorted(set(events)),
        "unchanged": first.unchanged,
        "again": {
            "version": again.version,
            "newBlobs": again.new_blobs,
            "createdDeploy": again.created_deploy,
            "deployId": again.deploy_id,
            "unchanged": again.unchanged,
        },
        "forced": {"version": forced.version, "newBlobs": forced.new_blobs, "unchanged": forced.unchanged},
    }
)
