"""Errors raised by the client.

Every error is a :class:`FolioError` carrying ``status``, ``code``, ``message``, ``details`` and
``request_id``. A non-2xx answer of the server is a :class:`FolioApiError` with the server's uniform error
body (``{"error", "message", "details"}``) and its ``x-request-id``; when no answer arrived (connection
refused or reset, timeout) it is a :class:`FolioNetworkError` with status 0 and code ``network_error``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional

JsonObject = Dict[str, Any]


class FolioError(Exception):
    """Base of every error this package raises."""

    status: int
    """HTTP status; 0 when no response is involved (network errors, timeouts of a wait, local checks)."""
    code: str
    """Machine-readable code: the server's (``deploy_not_found``, ``rate_limited``, ...) or the client's."""
    message: str
    details: Optional[JsonObject]
    """The server's ``details`` (e.g. ``{"field": "slug"}`` for a validation error), when given."""
    request_id: Optional[str]
    """The response's ``x-request-id``: quote it when reporting a problem."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 0,
        code: str = "error",
        details: Optional[JsonObject] = None,
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.details = details
        self.request_id = request_id

    def __str__(self) -> str:
        rid = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.code}: {self.message}{rid}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, message={self.message!r})"


class FolioApiError(FolioError):
    """A non-2xx answer of the Folio API (``status`` is its HTTP status)."""

    @classmethod
    def from_response(cls, status: int, reason: str, request_id: Optional[str], body: bytes, what: str) -> "FolioApiError":
        """Builds the error from a response's status, ``x-request-id`` and body (the server's JSON error body when it has one)."""
        parsed: Any = None
        text = body.decode("utf-8", errors="replace")
        if text:
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = None
        obj: JsonObject = parsed if isinstance(parsed, dict) else {}
        code = obj.get("error") if isinstance(obj.get("error"), str) else f"http_{status}"
        if isinstance(obj.get("message"), str):
            message = str(obj["message"])
        else:
            message = f"{what} answered {status} {reason}".rstrip()
            if text and not obj:
                message += f": {text[:200]}"
        details = obj.get("details") if isinstance(obj.get("details"), dict) else None
        return cls(message, status=status, code=str(code), details=details, request_id=request_id)


class FolioNetworkError(FolioApiError):
    """No answer arrived (connection refused or reset, DNS failure, timeout): ``status`` 0, ``code`` ``network_error``."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=0, code="network_error")


class FolioIntegrityError(FolioApiError):
    """Downloaded bytes do not match the sha256 or size the server announced: ``code`` ``integrity_error``."""

    def __init__(self, message: str, *, request_id: Optional[str] = None) -> None:
        super().__init__(message, status=200, code="integrity_error", request_id=request_id)


class FolioRenderError(FolioError):
    """A render job that ended ``failed`` or ``canceled``. ``code`` is the job's ``errorCode``; ``job`` the job as last read.

    ``status`` is 422 when ``POST /v1/render`` answered ``render_job_failed``, 0 when a wait saw the job end.
    """

    job: JsonObject

    def __init__(self, job: JsonObject, *, status: int = 0, request_id: Optional[str] = None) -> None:
        job_status = str(job.get("status", "failed"))
        error_code = job.get("errorCode")
        code = error_code if isinstance(error_code, str) else ("render_job_canceled" if job_status == "canceled" else "render_failed")
        message = job.get("errorMessage")
        super().__init__(
            message if isinstance(message, str) else f"render job {job.get('id')} ended {job_status}",
            status=status,
            code=code,
            details={"jobId": job.get("id"), "jobStatus": job_status},
            request_id=request_id,
        )
        self.job = job

    @property
    def job_id(self) -> str:
        """The id of the job that failed."""
        return str(self.job.get("id", ""))


class FolioTimeoutError(FolioError):
    """A wait (``wait_for_job``, ``render_batch``) gave up; the job or batch keeps running on the server."""

    def __init__(self, resource_id: str, last_status: str, timeout: float, what: str = "render job") -> None:
        super().__init__(
            f"{what} {resource_id} was still {last_status} after {timeout:g} s (it keeps running on the server)",
            code="wait_timeout",
        )
        self.resource_id = resource_id
        self.last_status = last_status

    @property
    def job_id(self) -> str:
        """The job (or batch) id, as the TypeScript SDK names it."""
        return self.resource_id


class FolioBatchProductError(FolioError):
    """A render batch's merged PDF or zip cannot be downloaded (see ``RenderBatches.download_product``)."""

    def __init__(self, batch_id: str, state: Optional[str], code: str, message: str) -> None:
        super().__init__(message, code=code, details={"batchId": batch_id, "state": state})
        self.batch_id = batch_id
        self.state = state


class WebhookVerificationError(FolioError):
    """A webhook request failed verification (signature, timestamp or body): answer it with a 400."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=0, code="webhook_verification_failed")
