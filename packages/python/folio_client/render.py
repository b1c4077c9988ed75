"""Rendering: the job body, ``POST /v1/render`` (one request, one PDF), render jobs and the long-poll wait."""

from __future__ import annotations

import base64
import hashlib
import math
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Union

from .errors import FolioApiError, FolioIntegrityError, FolioRenderError, FolioTimeoutError
from .headers import WarningCount, disposition_file_name, parse_warnings_header
from .transport import Transport

JsonObject = Dict[str, Any]

TERMINAL = frozenset({"succeeded", "failed", "canceled"})
ACCEPT_PRODUCT = "application/pdf, image/png, image/jpeg, image/webp"


@dataclass(frozen=True)
class RenderResult:
    """The product of ``POST /v1/render``: the PDF (or the one image of an image ``outputFormat``) and its headers."""

    content: bytes
    """The bytes, checked against ``Folio-Sha256`` and ``Content-Length``."""
    content_type: str
    """``application/pdf``, or ``image/png``, ``image/jpeg``, ``image/webp``."""
    job_id: str
    page_count: int
    sha256: str
    file_name: Optional[str]
    warnings: List[WarningCount] = field(default_factory=list)
    """The job's warnings by code and count (``[]`` when the page printed cleanly); the messages are in the job."""
    status: Literal["succeeded"] = "succeeded"

    @property
    def pdf(self) -> bytes:
        """The PDF's bytes (``content``; the image's for an image ``outputFormat``)."""
        return self.content


@dataclass(frozen=True)
class PendingRender:
    """``POST /v1/render`` answered 202: the wait ran out first. The job keeps running: ``wait_for_job(job["id"])``."""

    job: JsonObject
    status: Literal["pending"] = "pending"


def camel(name: str) -> str:
    """``business_key`` -> ``businessKey``: the API's spelling of a Python keyword argument."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def job_body(
    deploy: Union[str, Mapping[str, Any], None],
    *,
    version: Optional[str],
    payload: Any,
    fields: Mapping[str, Any],
) -> JsonObject:
    """The JSON body of a render job.

    ``deploy`` is a deploy id or slug (the server takes either as ``deployId``), a whole body as a mapping, or None
    for an inline job (``html`` or ``markdown``, with ``files``). ``fields`` are further job fields; snake_case
    names become the API's camelCase (``business_key`` -> ``businessKey``). ``files`` values given as bytes are
    base64-encoded; strings are taken as base64 already.
    """
    body: JsonObject = {}
    if isinstance(deploy, Mapping):
        body.update(deploy)
    elif isinstance(deploy, str):
        body["deployId"] = deploy
        body["deployVersionId"] = version or "latest"
    if version is not None and not isinstance(deploy, str):
        body["deployVersionId"] = version
    for key, value in fields.items():
        if value is not None:
            body[camel(key)] = value
    if payload is not None:
        body["payload"] = payload
    files = body.get("files")
    if isinstance(files, Mapping):
        body["files"] = {p: base64.b64encode(v).decode("ascii") if isinstance(v, (bytes, bytearray)) else v for p, v in files.items()}
    return body


def render_sync(
    transport: Transport, body: JsonObject, *, wait_seconds: Optional[int], idempotency_key: Optional[str]
) -> Union[RenderResult, PendingRender]:
    """``POST /v1/render``: the product when the job succeeds within the wait, else the pending job.

    Raises FolioRenderError when the job fails or is canceled (the server's 422 ``render_job_failed``), and
    FolioIntegrityError when the bytes do not match ``Folio-Sha256`` or ``Content-Length``.
    """
    json_body = dict(body)
    if wait_seconds is not None:
        json_body["waitSeconds"] = wait_seconds
    try:
        res = transport.send(
            "POST",
            "/v1/render",
            json_body=json_body,
            headers={"Accept": ACCEPT_PRODUCT, "Idempotency-Key": idempotency_key or str(uuid.uuid4())},
            retry_safe=True,
            extra_timeout=float(wait_seconds if wait_seconds is not None else 60),
            what="POST /v1/render",
        )
    except FolioApiError as err:
        if err.code != "render_job_failed":
            raise
        d = err.details or {}
        job: JsonObject = {"id": str(d.get("jobId")), "status": str(d.get("jobStatus") or "failed"), "errorMessage": err.message}
        if isinstance(d.get("jobErrorCode"), str):
            job["errorCode"] = d["jobErrorCode"]
        raise FolioRenderError(job, status=err.status, request_id=err.request_id) from None
    if res.status == 202:
        return PendingRender(job=res.json()["job"])
    content = res.read()
    job_id = res.header("Folio-Job-Id") or ""
    sha256 = (res.header("Folio-Sha256") or "").lower()
    length = res.header("Content-Length")
    request_id = res.header("x-request-id")
    if length is not None and length.isdigit() and int(length) != len(content):
        raise FolioIntegrityError(f"render job {job_id}: received {len(content)} bytes, expected {length}", request_id=request_id)
    actual = hashlib.sha256(content).hexdigest()
    if sha256 and actual != sha256:
        raise FolioIntegrityError(f"render job {job_id}: the received bytes hash to {actual}, expected {sha256}", request_id=request_id)
    return RenderResult(
        content=content,
        content_type=(res.header("Content-Type") or "application/pdf").split(";")[0].strip().lower(),
        job_id=job_id,
        page_count=int(res.header("Folio-Page-Count") or 0),
        sha256=sha256 or actual,
        file_name=disposition_file_name(res.header("Content-Disposition")),
        warnings=parse_warnings_header(res.header("Folio-Warnings")),
    )


def wait_for_job(
    transport: Transport,
    job_id: str,
    *,
    timeout: float = 120.0,
    on_update: Optional[Callable[[JsonObject], None]] = None,
) -> JsonObject:
    """Waits for a job with the long poll (``GET /v1/render-jobs/{id}?waitSeconds=...``, up to 30 s a request).

    Returns ``{job, output, pdf?}`` once the job succeeded; raises FolioRenderError when it fails or is
    canceled, FolioTimeoutError when ``timeout`` seconds pass first (the job keeps running).
    """
    deadline = time.monotonic() + timeout
    status = "queued"
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise FolioTimeoutError(job_id, status, timeout)
        wait = max(1, min(30, int(math.floor(remaining))))
        result = transport.call("GET", "/v1/render-jobs/{jobId}", path={"jobId": job_id}, query={"waitSeconds": wait})
        job: JsonObject = result["job"]
        status = str(job.get("status"))
        if on_update is not None:
            on_update(job)
        if status == "succeeded":
            return result
        if status in TERMINAL:
            raise FolioRenderError(job)
