"""``download()``: a job's PDF, a managed PDF or a signed/permanent link, as bytes or written to a file.

The bytes are checked against the sha256 the file answer carries as its ``ETag`` and against its
``Content-Length``. A file is written next to its destination under a temporary name and renamed: the
destination is never half-written.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Union

from .errors import FolioIntegrityError
from .headers import etag_sha256
from .resources import Pdfs, RenderJobs
from .transport import Response, Transport, is_absolute

DownloadRef = Union[str, Mapping[str, Any]]
"""A job id (``job_...``), a managed PDF id (``pdf_...``), a signed or permanent URL, or a JSON object that names
one: a job, a ``wait_for_job`` result, a webhook event's ``data``, an ``{access: {url}}`` link, a managed PDF."""


@dataclass(frozen=True)
class DownloadResult:
    """A file written by ``download(ref, dest)``."""

    path: str
    bytes: int
    url: str
    sha256: str


def reference_of(obj: Mapping[str, Any]) -> str:
    """The URL or id a JSON object names for a download (see ``DownloadRef``)."""
    for key in ("access", "download"):
        link = obj.get(key)
        if isinstance(link, Mapping) and isinstance(link.get("url"), str):
            return str(link["url"])
    if isinstance(obj.get("url"), str):
        return str(obj["url"])
    job = obj.get("job")
    if isinstance(job, Mapping) and isinstance(job.get("id"), str):
        return str(job["id"])
    if isinstance(obj.get("renderJobId"), str):
        return str(obj["renderJobId"])
    ident = obj.get("id")
    if isinstance(ident, str) and not ident.startswith("out_"):
        return ident
    raise ValueError("download: pass a job id, a PDF id, a URL, or an object with a link or a job (an output alone does not name its job)")


def resolve_url(jobs: RenderJobs, pdfs: Pdfs, ref: DownloadRef, expires_in_seconds: Optional[int]) -> str:
    """The URL to fetch: ``ref`` itself when it is one, else a signed link asked for the job or PDF it names."""
    target = reference_of(ref) if isinstance(ref, Mapping) else ref
    if is_absolute(target):
        return target
    if target.startswith("pdf_"):
        return str(pdfs.download_link(target, expires_in_seconds)["access"]["url"])
    return str(jobs.download_link(target, expires_in_seconds)["access"]["url"])


def fetch(transport: Transport, url: str) -> Response:
    """GET of a file URL (without the API key: the link carries its signature), body left unread."""
    return transport.send("GET", url, headers={"Accept": "application/pdf, */*"}, retry_safe=True, stream=True, what="GET file")


def _check(res: Response, seen: int, digest: str, url: str) -> None:
    length = res.header("Content-Length")
    if length is not None and length.isdigit() and int(length) != seen:
        raise FolioIntegrityError(f"{_short(url)}: received {seen} bytes, expected {length}")
    expected = etag_sha256(res.header("ETag"))
    if expected and expected != digest:
        raise FolioIntegrityError(f"{_short(url)}: the received bytes hash to {digest}, expected {expected}")


def read_verified(transport: Transport, url: str) -> bytes:
    """The whole file at ``url``, checked against its ETag sha256 and Content-Length."""
    res = fetch(transport, url)
    content = res.read()
    _check(res, len(content), hashlib.sha256(content).hexdigest(), url)
    return content


def write_verified(transport: Transport, url: str, dest: "Union[str, os.PathLike[str]]") -> DownloadResult:
    """Streams the file at ``url`` to ``dest`` (temporary file, checked, then renamed)."""
    target = os.path.abspath(os.fspath(dest))
    os.makedirs(os.path.dirname(target), exist_ok=True)
    tmp = f"{target}.{os.getpid()}.{uuid.uuid4().hex[:8]}.part"
    h = hashlib.sha256()
    seen = 0
    res = fetch(transport, url)
    try:
        with open(tmp, "wb") as out:
            for chunk in res.iter_chunks():
                h.update(chunk)
                seen += len(chunk)
                out.write(chunk)
        _check(res, seen, h.hexdigest(), url)
        os.replace(tmp, target)
    except BaseException:
        res.close()
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    return DownloadResult(path=target, bytes=seen, url=url, sha256=h.hexdigest())


def _short(url: str) -> str:
    """A link without its token, for messages."""
    return url.split("/v1/files/")[0] + "/v1/files/..." if "/v1/files/" in url else url
