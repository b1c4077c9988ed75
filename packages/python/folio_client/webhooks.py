"""The receiving side of Folio webhooks: ``verify_webhook()``, as the TypeScript SDK's ``verifyWebhook``.

A request is authentic when any ``v1=`` entry of ``Service-Webhook-Signature`` equals
``hex(HMAC-SHA256(secret, "<Service-Webhook-Timestamp>." + raw body))`` (compared in constant time) and the
timestamp (Unix seconds) is within the tolerance of this machine's clock.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from email.message import Message
from typing import Any, Dict, Mapping, Optional, Union

from .errors import WebhookVerificationError

SIGNATURE_HEADER = "service-webhook-signature"
TIMESTAMP_HEADER = "service-webhook-timestamp"
_DIGITS = re.compile(r"[0-9]+")

Headers = Union[Mapping[str, Any], Message]
"""Request headers: a dict (values a string or a list of strings), or ``http.client`` / ``email.message`` headers."""


def _header(headers: Headers, name: str) -> Optional[str]:
    """A header by case-insensitive name; of a repeated header (a list), the first value."""
    value: Any = None
    if name in headers:
        value = headers[name]
    else:
        for key in headers:
            if isinstance(key, str) and key.lower() == name:
                value = headers[key]
                break
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return value if isinstance(value, str) else None


def sign_webhook(body: Union[bytes, str], secret: str, timestamp: int) -> str:
    """The ``v1=<hex>`` signature Folio sends for ``body`` at ``timestamp`` (for tests of your receiver)."""
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    return "v1=" + hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode("ascii") + raw, hashlib.sha256).hexdigest()


def verify_webhook(
    body: Union[bytes, bytearray, memoryview, str],
    headers: Headers,
    secret: str,
    tolerance_seconds: int = 300,
    *,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Verifies a Folio webhook request and returns its parsed event (``{id, type, occurredAt, data}``).

    ``body`` is the raw request body exactly as received (never re-serialised JSON); ``headers`` the request's
    headers in any casing (a list value counts by its first entry); ``secret`` the signing secret
    (``whsec_...``): the deploy's when it has one, else the account's. ``now`` (Unix seconds) is for tests.
    Raises WebhookVerificationError when a header is missing or malformed, the timestamp is outside
    ``tolerance_seconds``, no ``v1=`` entry matches, or the body is not JSON. Deduplicate on ``event["id"]``.
    """
    signature = _header(headers, SIGNATURE_HEADER)
    timestamp = _header(headers, TIMESTAMP_HEADER)
    if not signature:
        raise WebhookVerificationError("missing Service-Webhook-Signature header")
    if not timestamp or not _DIGITS.fullmatch(timestamp):
        raise WebhookVerificationError("missing or malformed Service-Webhook-Timestamp header")
    now_seconds = int(time.time() if now is None else now)
    if abs(now_seconds - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("timestamp outside the tolerance (replayed or clock skew)")
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    expected = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode("ascii") + raw, hashlib.sha256).hexdigest().encode("ascii")
    candidates = [s.strip()[3:] for s in signature.split(",") if s.strip().startswith("v1=")]
    matched = False
    for candidate in candidates:
        # Every entry is compared (no early exit), each in constant time.
        if hmac.compare_digest(candidate.encode("utf-8"), expected):
            matched = True
    if not matched:
        raise WebhookVerificationError("no v1 signature matches this secret")
    try:
        event = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise WebhookVerificationError("the body is not JSON") from None
    if not isinstance(event, dict):
        raise WebhookVerificationError("the body is not a JSON object")
    return event
