"""The API's resources as methods: deploys, render jobs and managed PDFs (render batches are in ``batches.py``).

Every method returns the API's JSON as parsed (dicts with the API's camelCase field names), as documented in
docs/api.md and the OpenAPI document at ``GET /v1/openapi.json``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Mapping, Optional, Sequence, Union

from . import pdf_jobs
from .pagination import paginate
from .transport import Transport

JsonObject = Dict[str, Any]


def _link_body(expires_in_seconds: Optional[int]) -> JsonObject:
    return {"expiresInSeconds": expires_in_seconds} if expires_in_seconds else {}


def find_deploy_by_slug(transport: Transport, slug: str) -> Optional[JsonObject]:
    """The deploy list item with this slug, or None (pages through ``GET /v1/deploys``: there is no slug filter)."""
    for deploy in paginate(transport, "/v1/deploys", query={"limit": 100}):
        if deploy.get("slug") == slug:
            return deploy
    return None


class Deploys:
    """``/v1/deploys``: deploys, their versions, aliases and settings."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> JsonObject:
        """One page: ``{items, nextCursor}``, newest first."""
        return self._t.call("GET", "/v1/deploys", query={"limit": limit, "cursor": cursor})

    def iterate(self) -> Iterator[JsonObject]:
        """Every deploy, newest first (follows ``nextCursor``)."""
        return paginate(self._t, "/v1/deploys")

    def get(self, deploy_id: str) -> JsonObject:
        """``{deploy}``."""
        return self._t.call("GET", "/v1/deploys/{deployId}", path={"deployId": deploy_id})

    def create(self, slug: str, name: str) -> JsonObject:
        """Creates an empty deploy: ``{deploy}`` (409 ``deploy_slug_conflict`` for a taken slug)."""
        return self._t.call("POST", "/v1/deploys", body={"slug": slug, "name": name})

    def update(self, deploy_id: str, body: Mapping[str, Any]) -> JsonObject:
        """``PATCH /v1/deploys/{deployId}`` (e.g. ``{"name": ...}``)."""
        return self._t.call("PATCH", "/v1/deploys/{deployId}", path={"deployId": deploy_id}, body=dict(body))

    def delete(self, deploy_id: str) -> None:
        """Deletes the deploy and its versions."""
        self._t.call("DELETE", "/v1/deploys/{deployId}", path={"deployId": deploy_id})

    def resolve(self, id_or_slug: str) -> JsonObject:
        """A deploy (``{id, slug, name, ...}``) by id (``dep_...``) or slug; FolioApiError 404 ``deploy_not_found`` otherwise.

        The server takes a slug wherever a deploy id goes, so this is one ``GET /v1/deploys/{deployId}``.
        """
        return dict(self.get(id_or_slug)["deploy"])

    def versions(self, deploy_id: str) -> Iterator[JsonObject]:
        """Every version of a deploy, newest first."""
        return paginate(self._t, "/v1/deploys/{deployId}/versions", path={"deployId": deploy_id})

    def get_version(self, deploy_id: str, deploy_version_id: str) -> JsonObject:
        """``{deployVersion}``."""
        return self._t.call(
            "GET",
            "/v1/deploys/{deployId}/versions/{deployVersionId}",
            path={"deployId": deploy_id, "deployVersionId": deploy_version_id},
        )

    def set_alias(self, deploy_id: str, alias: str, deploy_version_id: str) -> JsonObject:
        """Points ``alias`` (``production``, ``preview``, ...) at a version (or ``latest``): ``{alias}``."""
        return self._t.call(
            "PUT",
            "/v1/deploys/{deployId}/aliases/{alias}",
            path={"deployId": deploy_id, "alias": alias},
            body={"deployVersionId": deploy_version_id},
        )

    def get_settings(self, deploy_id: str) -> JsonObject:
        """``{settings}``: webhook, version lifecycle, environment variables and secret names."""
        return self._t.call("GET", "/v1/deploys/{deployId}/settings", path={"deployId": deploy_id})

    def update_settings(self, deploy_id: str, body: Mapping[str, Any]) -> JsonObject:
        """``PATCH /v1/deploys/{deployId}/settings``, e.g. ``{"webhook": {"enabled": True, "url": "https://..."}}``."""
        return self._t.call("PATCH", "/v1/deploys/{deployId}/settings", path={"deployId": deploy_id}, body=dict(body))


class RenderJobs:
    """``/v1/render-jobs``: create, read (with the long poll), list, cancel, links to the output."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def create(self, body: Mapping[str, Any], *, idempotency_key: Optional[str] = None) -> JsonObject:
        """``POST /v1/render-jobs``: ``{accepted, queue, job}`` (always sent with an Idempotency-Key)."""
        return self._t.call("POST", "/v1/render-jobs", body=dict(body), idempotency_key=idempotency_key)

    def get(self, job_id: str, *, wait_seconds: Optional[int] = None) -> JsonObject:
        """``{job, output?, pdf?}``; ``wait_seconds`` (0-30) answers as soon as the job is terminal (long poll)."""
        return self._t.call("GET", "/v1/render-jobs/{jobId}", path={"jobId": job_id}, query={"waitSeconds": wait_seconds})

    def list(self, **query: Any) -> JsonObject:
        """One page (``status``, ``deployId``, ``businessKey``, ``limit``, ``cursor``): ``{items, nextCursor}``."""
        return self._t.call("GET", "/v1/render-jobs", query=query)

    def iterate(
        self, *, status: Optional[str] = None, deploy_id: Optional[str] = None, business_key: Optional[str] = None
    ) -> Iterator[JsonObject]:
        """Every job matching the filters, newest first."""
        query = {"status": status, "deployId": deploy_id, "businessKey": business_key}
        return paginate(self._t, "/v1/render-jobs", query={k: v for k, v in query.items() if v is not None})

    def cancel(self, job_id: str) -> JsonObject:
        """Cancels an unfinished job: ``{job}`` (409 ``render_job_not_cancelable`` once terminal)."""
        return self._t.call("POST", "/v1/render-jobs/{jobId}/cancel", path={"jobId": job_id})

    def download_link(self, job_id: str, expires_in_seconds: Optional[int] = None) -> JsonObject:
        """A signed download link of the job's PDF: ``{access: {url, expiresAt}}`` (no API key needed to fetch it)."""
        return self._t.call("POST", "/v1/render-jobs/{jobId}/output-download", path={"jobId": job_id}, body=_link_body(expires_in_seconds))

    def preview_link(self, job_id: str, expires_in_seconds: Optional[int] = None) -> JsonObject:
        """Like ``download_link``, served inline (for a browser tab)."""
        return self._t.call("POST", "/v1/render-jobs/{jobId}/output-preview", path={"jobId": job_id}, body=_link_body(expires_in_seconds))

    def delete_output(self, job_id: str) -> None:
        """Deletes the job's output at once (a managed job's PDF stays in ``/v1/pdfs``)."""
        self._t.call("DELETE", "/v1/render-jobs/{jobId}/output", path={"jobId": job_id})


class Pdfs:
    """``/v1/pdfs``: managed PDFs (``outputMode: "managed"``), their links and merges, and PDF jobs (``/v1/pdf-jobs``)."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def list(self, *, deploy_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> JsonObject:
        """One page: ``{items, nextCursor}``, newest first."""
        return self._t.call("GET", "/v1/pdfs", query={"deployId": deploy_id, "limit": limit, "cursor": cursor})

    def iterate(self, *, deploy_id: Optional[str] = None) -> Iterator[JsonObject]:
        """Every managed PDF (of one deploy when given), newest first."""
        return paginate(self._t, "/v1/pdfs", query={"deployId": deploy_id} if deploy_id else None)

    def get(self, pdf_id: str) -> JsonObject:
        """The managed PDF: ``{id, state, fileName, bytes, pageCount, ...}``."""
        return self._t.call("GET", "/v1/pdfs/{pdfId}", path={"pdfId": pdf_id})

    def delete(self, pdf_id: str) -> None:
        """Deletes the PDF and its permanent links."""
        self._t.call("DELETE", "/v1/pdfs/{pdfId}", path={"pdfId": pdf_id})

    def download_link(self, pdf_id: str, expires_in_seconds: Optional[int] = None) -> JsonObject:
        """A signed download link: ``{access: {url, expiresAt}}``."""
        return self._t.call("POST", "/v1/pdfs/{pdfId}/download", path={"pdfId": pdf_id}, body=_link_body(expires_in_seconds))

    def preview_link(self, pdf_id: str, expires_in_seconds: Optional[int] = None) -> JsonObject:
        """A signed inline link: ``{access: {url, expiresAt}}``."""
        return self._t.call("POST", "/v1/pdfs/{pdfId}/preview", path={"pdfId": pdf_id}, body=_link_body(expires_in_seconds))

    def list_links(self, pdf_id: str) -> JsonObject:
        """The PDF's permanent links: ``{items}``."""
        return self._t.call("GET", "/v1/pdfs/{pdfId}/permanent-links", path={"pdfId": pdf_id})

    def create_link(self, pdf_id: str) -> JsonObject:
        """A permanent public link (no expiry, no key): ``{link: {id, pdfId, url, createdAt}}``."""
        return self._t.call("POST", "/v1/pdfs/{pdfId}/permanent-links", path={"pdfId": pdf_id})

    def delete_link(self, pdf_id: str, link_id: str) -> None:
        """Deletes one permanent link."""
        self._t.call("DELETE", "/v1/pdfs/{pdfId}/permanent-links/{linkId}", path={"pdfId": pdf_id, "linkId": link_id})

    def merge(self, sources: Any, *, file_name: Optional[str] = None, idempotency_key: Optional[str] = None) -> JsonObject:
        """Joins managed PDFs (``{"pdfId"}``) and job outputs (``{"jobId", "pageRanges"?}``) into a new managed PDF: ``{pdf}``."""
        body: JsonObject = {"sources": list(sources)}
        if file_name is not None:
            body["fileName"] = file_name
        return self._t.call("POST", "/v1/pdfs/merge", body=body, idempotency_key=idempotency_key)

    def run_steps(
        self,
        sources: Sequence[pdf_jobs.SourceRef],
        steps: Sequence[Mapping[str, Any]],
        file_name: Optional[str] = None,
        *,
        files: Optional[Mapping[str, pdf_jobs.FileValue]] = None,
        business_key: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        timeout: float = 300.0,
    ) -> JsonObject:
        """Runs a PDF job (``POST /v1/pdf-jobs``) and returns ``{job?, pdfs, reports}`` once it is done.

        ``sources`` are joined in order: ``"pdf_..."`` (a managed PDF), ``"job_..."`` (a render job's output),
        or source dicts (``{"pdfId"}``, ``{"jobId"}``, ``{"upload": name}`` naming an entry of ``files``:
        ``{name: bytes or path}``, a PDF or a PNG/JPEG/WebP/TIFF/GIF/AVIF image, made a managed PDF first).
        ``pdfs`` are the managed PDFs made (one, a split's parts, or none when every step only reads);
        ``reports`` what the reading steps found, in order. A job still running when the request's wait ends
        is followed with the long poll (``GET /v1/pdf-jobs/{jobId}``) up to ``timeout`` seconds
        (FolioTimeoutError after that; the job keeps running). A failed job raises FolioApiError:
        ``pdf_step_failed`` naming the step in ``details["field"]``, else ``render_job_failed``.

        Steps (dicts with ``type``; page selections like ``"1-3,!2"``; docs/pdf.md, "PDF jobs"):

        - ``select {pages}``, ``rotate {angle, pages?}``, ``merge {pdfIds}``
        - ``stamp`` / ``watermark`` with one of ``text``, ``image {contentBase64}``, ``pdf {pdfId, page?}``
        - ``fillForm {fields}``, ``flatten``, ``metadata {title?, author?, ...}``, ``attachments {add}``,
          ``outline {entries}``
        - ``redact {areas?, text?, patterns?, ignoreCase?, pages?, fill?}``: removed from the content itself
        - ``nUp {columns, rows, sheet?, landscape?, order?, margin?, gap?, border?}``
        - ``conform {standard?: "pdf/a-2b"|"pdf/a-3b", accessibility?: "pdf/ua-1"}``
        - ``extractText {format?: "text"|"markdown", pages?}`` -> report
          ``{step, type, format, text, pages, structure, truncated}``
        - ``validate {standards: ["pdf/a-1b"|"pdf/a-2b"|"pdf/a-3b"|"pdf/ua-1"], failOnFindings?}`` -> report
          ``{step, type, passed, results: [{standard, passed, claimed, findings: [{clause, message, pages?, count}], checked}]}``
        - ``split {every}|{ranges}|{outline: true}``, ``optimize {images?}``, ``encrypt {ownerPassword, ...}``,
          ``sign {certificateId, ...}``, ``timestamp``
        """
        body = pdf_jobs.job_body(sources, steps, file_name, business_key)
        return pdf_jobs.run_steps(self._t, body, files=files, idempotency_key=idempotency_key, timeout=timeout)

    def transform(
        self,
        files: Mapping[str, pdf_jobs.FileValue],
        steps: Sequence[Mapping[str, Any]],
        accept: str = "application/pdf",
        *,
        sources: Optional[Sequence[pdf_jobs.SourceRef]] = None,
        file_name: Optional[str] = None,
    ) -> Union[bytes, str]:
        """The steps of a PDF job on files, in one request, nothing stored: returns the result itself.

        ``files`` is ``{part name: bytes or path}`` (PDFs, or images made one-page PDFs); they are the
        sources in this order unless ``sources`` says otherwise (``{"upload": name}``, ``"pdf_..."``,
        ``"job_..."``). ``accept``: ``application/pdf`` (bytes of the PDF), ``application/zip`` (bytes: a
        split's parts), ``text/markdown`` or ``text/plain`` (str: the text of the last ``extractText`` step).
        Steps as for ``run_steps``.
        """
        return pdf_jobs.transform(self._t, files, steps, accept=accept, sources=sources, file_name=file_name)
