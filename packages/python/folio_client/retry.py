"""The retry policy, as pure functions: which requests may be repeated, how long to wait, Retry-After.

429 and 503 answers are retried after the ``Retry-After`` they carry (delta-seconds or an HTTP date), or
after an exponential backoff with jitter when they carry none; a ``Retry-After`` longer than the client's
``max_retry_delay`` is not waited for (a monthly quota's is days): the error is raised. Network errors are
retried only for requests that cannot create anything twice.
"""

from __future__ import annotations

import email.utils
import random
import re
import time
from typing import Optional

RETRY_STATUSES = frozenset({429, 503})
"""Answers that mean "try again later"."""

SAFE_POSTS = frozenset(
    {
        "/v1/upload-sessions/{uploadSessionId}/missing-blobs",
        "/v1/render-jobs/{jobId}/output-download",
        "/v1/render-jobs/{jobId}/output-preview",
        "/v1/pdfs/{pdfId}/download",
        "/v1/pdfs/{pdfId}/preview",
    }
)
"""POST routes that are safe to repeat after a network error even without an Idempotency-Key."""

IDEMPOTENT_CREATES = frozenset(
    {
        "/v1/upload-sessions",
        "/v1/render-jobs",
        "/v1/deploys/{deployId}/render-jobs",
        "/v1/render-batches",
        "/v1/pdfs/merge",
        "/v1/pdf-jobs",
        "/v1/render",
    }
)
"""POST routes that take an Idempotency-Key: the client always sends one (the caller's, or a random one)."""

_SECONDS = re.compile(r"\s*[0-9]+(\.[0-9]+)?\s*")


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds or an HTTP date (past dates give 0).

    Returns ``None`` when the header is absent or unreadable. ``now`` (Unix seconds) is for tests.
    """
    if value is None or not value.strip():
        return None
    if _SECONDS.fullmatch(value):
        return float(value.strip())
    try:
        when = email.utils.parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


def backoff_seconds(attempt: int, base: float, maximum: float, rand: Optional[random.Random] = None) -> float:
    """The wait before retry ``attempt`` (0-based) when the server gave no Retry-After.

    ``base`` doubles per attempt, capped at ``maximum``; the result is drawn from the upper half of that step
    (jitter), as the TypeScript SDK does.
    """
    step = float(min(maximum, base * (2**attempt)))
    r = float((rand or random).random())
    return step / 2 + r * (step / 2)


def retry_safe(method: str, route: str, has_idempotency_key: bool) -> bool:
    """Whether a request may be sent again after a network error (nothing can be created twice).

    ``route`` is the path template (``/v1/render-jobs/{jobId}/output-download``).
    """
    m = method.upper()
    if m != "POST":
        return True
    return has_idempotency_key or route in SAFE_POSTS


def wants_idempotency_key(method: str, route: str) -> bool:
    """Whether the client sends an Idempotency-Key on this request (a random one unless the caller gave one)."""
    return method.upper() == "POST" and route in IDEMPOTENT_CREATES
