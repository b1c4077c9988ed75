"""Render batches (``/v1/render-batches``): the resource methods, ``render_batch()`` (create, then poll until
``completed``) and the download of a batch's merged PDF or zip."""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Tuple, Union

from .download import read_verified
from .errors import FolioApiError, FolioBatchProductError, FolioIntegrityError, FolioTimeoutError
from .pagination import paginate
from .transport import Transport

JsonObject = Dict[str, Any]
BatchProgress = Callable[[JsonObject, JsonObject], None]
"""Called with ``(counts, batch)`` after creation and whenever the counts or the status change."""


class RenderBatches:
    """``/v1/render-batches``: up to 1,000 render jobs of one deploy version as one thing."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def create(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> JsonObject:
        """``POST /v1/render-batches``: ``{batch}``, every item ``queued`` (always sent with an Idempotency-Key)."""
        return self._t.call("POST", "/v1/render-batches", body=dict(body), idempotency_key=idempotency_key)

    def get(self, batch_id: str) -> JsonObject:
        """``{batch}`` with its current ``counts``, ``status`` and ``product``."""
        return self._t.call("GET", "/v1/render-batches/{batchId}", path={"batchId": batch_id})

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> JsonObject:
        """One page of the account's batches, newest first: ``{items, nextCursor}``."""
        return self._t.call("GET", "/v1/render-batches", query={"limit": limit, "cursor": cursor})

    def iterate(self) -> Iterator[JsonObject]:
        """Every batch of the account, newest first."""
        return paginate(self._t, "/v1/render-batches")

    def iterate_items(self, batch_id: str, *, status: Optional[str] = None, limit: Optional[int] = None) -> Iterator[JsonObject]:
        """The items ``{index, job}`` in request order, page after page; ``status`` keeps only that state."""
        query = {k: v for k, v in {"status": status, "limit": limit}.items() if v is not None}
        return paginate(self._t, "/v1/render-batches/{batchId}/items", path={"batchId": batch_id}, query=query)

    def cancel(self, batch_id: str) -> JsonObject:
        """Cancels every item not yet terminal: ``{batch}`` (which then completes)."""
        return self._t.call("DELETE", "/v1/render-batches/{batchId}", path={"batchId": batch_id})

    def download_product(self, batch: Union[str, Mapping[str, Any]]) -> bytes:
        """The merged PDF or zip of a completed batch (``combine: "merge" | "zip"``), checked against its sha256.

        ``batch`` is a batch id or a batch as read; it is read again when its link has less than 30 s to live.
        Raises FolioBatchProductError when there is nothing to download: ``code`` is the product's own error
        code when it failed, else ``batch_product_deleted``, ``batch_product_pending`` or ``batch_has_no_product``.
        """
        current: JsonObject = dict(batch) if isinstance(batch, Mapping) else self.get(batch)["batch"]
        fresh = not isinstance(batch, Mapping)
        if not fresh and _stale(current):
            current, fresh = self.get(str(current["id"]))["batch"], True
        while True:
            url, sha256, size = _product_file(current)
            try:
                content = read_verified(self._t, url)
            except FolioApiError as err:
                # A batch read before its product was deleted (or its link expired): read it again.
                if not fresh and err.status in (403, 404, 410):
                    current, fresh = self.get(str(current["id"]))["batch"], True
                    continue
                raise
            if len(content) != size or (sha256 and hashlib.sha256(content).hexdigest() != sha256):
                raise FolioIntegrityError(f"the product of render batch {current['id']} does not match its size or sha256")
            return content


def _stale(batch: Mapping[str, Any]) -> bool:
    product = batch.get("product") or {}
    file = product.get("pdf") or product.get("zip") or {}
    access = file.get("access") or {}
    expires = access.get("expiresAt")
    return batch.get("status") != "completed" or (
        product.get("state") == "ready" and (not isinstance(expires, (int, float)) or expires - time.time() * 1000 < 30_000)
    )


def _product_file(batch: Mapping[str, Any]) -> Tuple[str, str, int]:
    """The product's link, sha256 and size, or FolioBatchProductError saying why there is none."""
    batch_id = str(batch.get("id"))
    product = batch.get("product")
    state = product.get("state") if isinstance(product, Mapping) else None

    def refuse(code: str, message: str) -> FolioBatchProductError:
        return FolioBatchProductError(batch_id, state, code, message)

    if batch.get("combine") == "none":
        raise refuse("batch_has_no_product", f'render batch {batch_id} was created with combine "none": it has no merged PDF or zip')
    if batch.get("status") != "completed" or not isinstance(product, Mapping) or state == "pending":
        raise refuse("batch_product_pending", f"render batch {batch_id} is {batch.get('status')}: its product is not built yet")
    if state == "failed":
        error = product.get("error") or {}
        raise refuse(
            str(error.get("code") or "batch_combine_failed"), str(error.get("message") or f"the product of render batch {batch_id} failed")
        )
    file = product.get("pdf") if product.get("kind") == "merge" else product.get("zip")
    if state == "deleted" or not isinstance(file, Mapping):
        raise refuse("batch_product_deleted", f"the product of render batch {batch_id} was deleted")
    access = file.get("access")
    if not isinstance(access, Mapping) or not isinstance(access.get("url"), str):
        raise refuse("batch_product_no_link", f"the server gave no download link for render batch {batch_id} (it has no signing key)")
    return str(access["url"]), str(file.get("sha256") or ""), int(file.get("bytes") or 0)


def render_batch(
    transport: Transport,
    body: Mapping[str, Any],
    *,
    poll_interval: float = 1.0,
    timeout: float = 600.0,
    idempotency_key: Optional[str] = None,
    on_progress: Optional[BatchProgress] = None,
) -> JsonObject:
    """Creates the batch (always with an Idempotency-Key) and reads it every ``poll_interval`` seconds until it is
    ``completed``; returns the final batch. Failed items and a failed product do not raise: look at
    ``counts["failed"]`` and ``product["state"]``. Raises FolioTimeoutError when ``timeout`` passes first."""
    deadline = time.monotonic() + timeout
    batch: JsonObject = transport.call("POST", "/v1/render-batches", body=dict(body), idempotency_key=idempotency_key or str(uuid.uuid4()))[
        "batch"
    ]

    def seen(b: Mapping[str, Any]) -> str:
        return json.dumps([b.get("status"), b.get("counts")], sort_keys=True)

    last = seen(batch)
    if on_progress is not None:
        on_progress(batch["counts"], batch)
    while batch.get("status") != "completed":
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise FolioTimeoutError(str(batch["id"]), str(batch.get("status")), timeout, what="render batch")
        time.sleep(min(poll_interval, remaining))
        batch = transport.call("GET", "/v1/render-batches/{batchId}", path={"batchId": str(batch["id"])})["batch"]
        now = seen(batch)
        if now != last:
            last = now
            if on_progress is not None:
                on_progress(batch["counts"], batch)
    return batch
