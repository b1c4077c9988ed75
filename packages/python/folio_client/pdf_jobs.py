"""PDF jobs (``POST /v1/pdf-jobs``): ordered steps on managed PDFs, job outputs and uploaded files.

``run_steps`` keeps what it makes (managed PDFs) and returns the steps' reports (``extractText``,
``validate``); a job still running when the server's wait ends is followed with the long poll. ``transform``
is the one-request form: files in, the result's bytes (or text) out, nothing stored. Files travel as
``multipart/form-data`` (a ``job`` part with the JSON body, a file part per source ``{"upload": name}``).
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import FolioApiError, FolioTimeoutError
from .transport import Transport

JsonObject = Dict[str, Any]
FileValue = Union[bytes, bytearray, str, "os.PathLike[str]"]
"""A file's bytes, or the path of a file to read."""
SourceRef = Union[str, Mapping[str, Any]]
"""``pdf_...`` (a managed PDF), ``job_...`` (a render job's output) or a source object as the API spells it."""

RUNNING = frozenset({"queued", "rendering", "retry_scheduled"})
"""States of a PDF job that is not over yet."""

TRANSFORM_ACCEPTS = frozenset({"application/pdf", "application/zip", "text/markdown", "text/plain"})

IN_REQUEST_SECONDS = 120.0
"""The longest a PDF job runs inside its request (the server's limit): added to the socket timeout."""


def source_of(ref: SourceRef) -> JsonObject:
    """A source of a PDF job: ``"pdf_..."`` -> ``{"pdfId"}``, ``"job_..."`` -> ``{"jobId"}``, a mapping as it is."""
    if isinstance(ref, Mapping):
        return dict(ref)
    if ref.startswith("job_"):
        return {"jobId": ref}
    return {"pdfId": ref}


def read_file(name: str, value: FileValue) -> Tuple[str, bytes]:
    """A file part's file name and bytes: a path is read (named after it), bytes are named ``<name>.pdf``
    unless ``name`` has an extension (the server tells a PDF from an image by its first bytes)."""
    if isinstance(value, (bytes, bytearray)):
        return (name if os.path.splitext(name)[1] else f"{name}.pdf"), bytes(value)
    path = os.fspath(value)
    with open(path, "rb") as f:
        return os.path.basename(path), f.read()


def encode_multipart(job: Mapping[str, Any], files: Mapping[str, FileValue]) -> Tuple[bytes, str]:
    """The form of a PDF job: its ``job`` part (the JSON body), then one file part per entry of ``files``.

    Returns the body and its ``Content-Type`` (with the boundary). Part names and file names are written
    as quoted strings; a quote, backslash or line break in one is a ValueError, and so is a file named ``job``.
    """
    boundary = f"folio-{uuid.uuid4().hex}"
    out: List[bytes] = []

    def header(disposition: str, content_type: Optional[str]) -> None:
        typed = f"Content-Type: {content_type}\r\n" if content_type else ""
        out.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n{typed}\r\n".encode("utf-8"))

    # The job goes as a plain text field (as `curl -F job=...` sends it): the server reads its text as JSON.
    header('form-data; name="job"', None)
    out.append(json.dumps(job, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\r\n")
    for name, value in files.items():
        if name == "job":
            raise ValueError("pdf job: a file part may not be named job (that part is the JSON body)")
        file_name, data = read_file(name, value)
        for text in (name, file_name):
            if any(c in text for c in '"\\\r\n'):
                raise ValueError(f"pdf job: the file name {text!r} has a quote, backslash or line break")
        header(f'form-data; name="{name}"; filename="{file_name}"', "application/octet-stream")
        out.append(data + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode("ascii"))
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


def job_body(
    sources: Sequence[SourceRef], steps: Sequence[Mapping[str, Any]], file_name: Optional[str], business_key: Optional[str]
) -> JsonObject:
    """The JSON body of ``POST /v1/pdf-jobs``."""
    body: JsonObject = {"sources": [source_of(s) for s in sources], "steps": [dict(s) for s in steps]}
    if file_name is not None:
        body["fileName"] = file_name
    if business_key is not None:
        body["businessKey"] = business_key
    return body


def run_steps(
    transport: Transport,
    body: JsonObject,
    *,
    files: Optional[Mapping[str, FileValue]],
    idempotency_key: Optional[str],
    timeout: float,
) -> JsonObject:
    """``POST /v1/pdf-jobs`` (JSON, or multipart with ``files``), then the long poll of a 202 until the job ends.

    Returns ``{job?, pdfs, reports}`` (``reports`` is ``[]`` when no step reads). A job that failed raises
    FolioApiError: the server's 422 (``pdf_step_failed`` naming the step in ``details["field"]``), or
    ``render_job_failed`` for a job that failed while followed here, as the TypeScript SDK's ``runSteps``.
    FolioTimeoutError when ``timeout`` seconds pass first (the job keeps running).
    """
    key = idempotency_key or str(uuid.uuid4())
    data, content_type = encode_multipart(body, files) if files else (None, None)
    # The request may run the job itself (up to the server's in-request limit): the socket waits that long too.
    res = transport.send(
        "POST",
        "/v1/pdf-jobs",
        json_body=None if files else body,
        data=data,
        content_type=content_type,
        headers={"Idempotency-Key": key},
        retry_safe=True,
        extra_timeout=IN_REQUEST_SECONDS,
        what="POST /v1/pdf-jobs",
    )
    result: JsonObject = res.json() or {}
    deadline = time.monotonic() + timeout
    while result.get("pdfs") is None and str((result.get("job") or {}).get("status")) in RUNNING:
        job_id = str(result["job"]["id"])
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise FolioTimeoutError(job_id, str(result["job"]["status"]), timeout, "PDF job")
        wait = max(1, min(30, int(math.floor(remaining))))
        result = transport.call("GET", "/v1/pdf-jobs/{jobId}", path={"jobId": job_id}, query={"waitSeconds": wait})
    if result.get("pdfs") is None:
        job = result.get("job") or {}
        details: JsonObject = {"jobId": job.get("id"), "jobStatus": job.get("status")}
        if job.get("errorCode"):
            details["jobErrorCode"] = job["errorCode"]
        message = job.get("errorMessage") or f"PDF job {job.get('id', '')} ended {job.get('status', 'without a PDF')}"
        raise FolioApiError(str(message), status=422, code="render_job_failed", details=details)
    result.setdefault("reports", [])
    return result


def transform(
    transport: Transport,
    files: Mapping[str, FileValue],
    steps: Sequence[Mapping[str, Any]],
    *,
    accept: str,
    sources: Optional[Sequence[SourceRef]],
    file_name: Optional[str],
) -> Union[bytes, str]:
    """One request, nothing stored: the steps run on the files' bytes and the answer is the result itself.

    ``accept``: ``application/pdf`` (the PDF), ``application/zip`` (a split's parts), ``text/markdown`` or
    ``text/plain`` (the text of the job's last ``extractText`` step, returned as str).
    """
    if accept not in TRANSFORM_ACCEPTS:
        raise ValueError(f"pdfs.transform: accept must be one of {', '.join(sorted(TRANSFORM_ACCEPTS))}")
    chosen = [source_of(s) for s in sources] if sources is not None else [{"upload": name} for name in files]
    if not chosen:
        raise ValueError("pdfs.transform: give at least one file (or sources)")
    body: JsonObject = {"sources": chosen, "steps": [dict(s) for s in steps]}
    if file_name is not None:
        body["fileName"] = file_name
    data, content_type = encode_multipart(body, files)
    # Nothing is stored, so sending it again after a network error makes nothing twice.
    res = transport.send(
        "POST",
        "/v1/pdf-jobs",
        data=data,
        content_type=content_type,
        headers={"Accept": accept},
        retry_safe=True,
        extra_timeout=IN_REQUEST_SECONDS,
        what="POST /v1/pdf-jobs",
    )
    content = res.read()
    if accept.startswith("text/"):
        return content.decode("utf-8")
    return content
