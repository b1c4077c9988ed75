"""The HTTP transport under every call: bearer auth, JSON, retries (see ``retry.py``), and errors.

Built on ``urllib.request`` only. Redirects are never followed (the API does not redirect, and a redirect
must not carry the API key elsewhere). Absolute URLs (signed and permanent links) are sent without the API
key: they carry their own signature and may live on another host.
"""

from __future__ import annotations

import http.client
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from email.message import Message
from typing import Any, Callable, Dict, Iterator, Mapping, Optional

from .errors import FolioApiError, FolioNetworkError
from .retry import RETRY_STATUSES, backoff_seconds, retry_after_seconds, retry_safe, wants_idempotency_key

DEFAULT_USER_AGENT = "folio-python/0.1"
CHUNK = 256 * 1024


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Makes a 3xx an error instead of a request to wherever it points."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> None:
        return None


class Response:
    """A 2xx answer: ``status``, ``headers`` (an ``http.client.HTTPMessage``: case-insensitive) and the body."""

    def __init__(self, status: int, headers: Message, raw: Any, content: Optional[bytes]) -> None:
        self.status = status
        self.headers = headers
        self._raw = raw
        self._content = content

    def header(self, name: str) -> Optional[str]:
        """One header's value (case-insensitive name), or None."""
        return _get(self.headers, name)

    def read(self) -> bytes:
        """The whole body (read once, then kept)."""
        if self._content is None:
            self._content = b"".join(self.iter_chunks())
        return self._content

    def iter_chunks(self, size: int = CHUNK) -> Iterator[bytes]:
        """The body in chunks, without holding it whole; the connection is closed at the end."""
        if self._content is not None:
            yield self._content
            return
        if self._raw is None:
            return
        try:
            while True:
                try:
                    chunk = self._raw.read(size)
                except (OSError, http.client.HTTPException) as err:
                    raise FolioNetworkError(f"the body broke off ({err})") from err
                if not chunk:
                    break
                yield chunk
        finally:
            self.close()

    def json(self) -> Any:
        """The body parsed as JSON (None for an empty body, e.g. a 204)."""
        data = self.read()
        return json.loads(data.decode("utf-8")) if data else None

    def close(self) -> None:
        """Releases the connection."""
        if self._raw is not None:
            self._raw.close()
            self._raw = None


class Transport:
    """Sends requests with the retry policy and turns non-2xx answers into ``FolioApiError``."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 120.0,
        max_retries: int = 3,
        max_retry_delay: float = 30.0,
        retry_base_delay: float = 0.25,
        user_agent: str = DEFAULT_USER_AGENT,
        opener: Optional[urllib.request.OpenerDirector] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not base_url:
            raise ValueError("Folio: base_url is required")
        if not api_key:
            raise ValueError("Folio: api_key is required")
        base = base_url.rstrip("/")
        self.base_url = base[: -len("/v1")] if base.endswith("/v1") else base
        self._api_key = api_key
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.max_retry_delay = max_retry_delay
        self.retry_base_delay = retry_base_delay
        self.user_agent = user_agent
        self._opener = opener or urllib.request.build_opener(_NoRedirect())
        self._sleep = sleep
        self._random = random.Random()

    def call(
        self,
        method: str,
        route: str,
        *,
        path: Optional[Mapping[str, str]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Dict[str, Any]:
        """One API operation by route template (``/v1/deploys/{deployId}``): returns the parsed JSON object ({} for a 204).

        POSTs that take an Idempotency-Key get a random one unless ``idempotency_key`` is given, so their
        retries are safe. A ``waitSeconds`` query (long-poll) is added to the socket timeout.
        """
        url = fill_route(route, path or {})
        h: Dict[str, str] = dict(headers or {})
        key = idempotency_key
        if key is None and wants_idempotency_key(method, route):
            key = str(uuid.uuid4())
        if key:
            h["Idempotency-Key"] = key
        wait = (query or {}).get("waitSeconds")
        res = self.send(
            method,
            url,
            query=query,
            json_body=body,
            headers=h,
            retry_safe=retry_safe(method, route, bool(key)),
            extra_timeout=float(wait) if isinstance(wait, (int, float)) else 0.0,
            what=f"{method} {route}",
        )
        parsed = res.json()
        if parsed is None:
            return {}
        if not isinstance(parsed, dict):
            raise FolioApiError(f"{method} {route} answered JSON that is not an object", status=res.status, code="unexpected_response")
        return parsed

    def send(
        self,
        method: str,
        url: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        json_body: Any = None,
        data: Optional[bytes] = None,
        content_type: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        retry_safe: bool,
        extra_timeout: float = 0.0,
        stream: bool = False,
        what: str,
    ) -> Response:
        """Sends one request with the retry policy; returns the 2xx answer.

        ``url`` is a path (``/v1/...``) or an absolute URL (sent without the API key). With ``stream`` the body
        is left unread for ``Response.iter_chunks``; otherwise it is read inside the retried attempt.
        """
        target = self._url(url, query)
        h: Dict[str, str] = {"User-Agent": self.user_agent, "Accept": "application/json"}
        h.update(headers or {})
        if not is_absolute(url):
            h["Authorization"] = f"Bearer {self._api_key}"
        payload: Optional[bytes] = None
        if data is not None:
            payload = data
            h["Content-Type"] = content_type or "application/octet-stream"
        elif json_body is not None:
            payload = json.dumps(json_body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            h["Content-Type"] = "application/json"
        attempt = 0
        while True:
            req = urllib.request.Request(target, data=payload, headers=h, method=method.upper())
            try:
                raw = self._opener.open(req, timeout=self.timeout + extra_timeout)
                content = None if stream else _read_and_close(raw)
                return Response(raw.status, raw.headers, None if content is not None else raw, content)
            except urllib.error.HTTPError as err:
                status = err.code
                if status in RETRY_STATUSES and attempt < self.max_retries:
                    wait = retry_after_seconds(_get(err.headers, "Retry-After"))
                    if wait is None:
                        wait = backoff_seconds(attempt, self.retry_base_delay, self.max_retry_delay, self._random)
                    # A long Retry-After (a monthly quota, maintenance) is the answer, not a hiccup: report it.
                    if wait <= self.max_retry_delay:
                        err.close()
                        self._sleep(wait)
                        attempt += 1
                        continue
                body = _safe_read(err)
                raise FolioApiError.from_response(status, str(err.reason or ""), _get(err.headers, "x-request-id"), body, what) from None
            except (urllib.error.URLError, http.client.HTTPException, OSError) as err:
                if retry_safe and attempt < self.max_retries:
                    self._sleep(backoff_seconds(attempt, self.retry_base_delay, self.max_retry_delay, self._random))
                    attempt += 1
                    continue
                origin = urllib.parse.urlsplit(target)
                reason = getattr(err, "reason", None) or err
                raise FolioNetworkError(f"{what}: could not reach {origin.scheme}://{origin.netloc} ({reason})") from err

    def _url(self, url: str, query: Optional[Mapping[str, Any]]) -> str:
        full = url if is_absolute(url) else self.base_url + url
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        if not pairs:
            return full
        return full + ("&" if "?" in full else "?") + urllib.parse.urlencode(pairs)


def fill_route(route: str, params: Mapping[str, str]) -> str:
    """``/v1/deploys/{deployId}`` with its parameters filled in (URL-encoded); a missing one is a ValueError."""
    out = route
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        name = out[start + 1 : end]
        value = params.get(name)
        if value is None or value == "":
            raise ValueError(f"{route}: path parameter {name} is required")
        out = out[:start] + urllib.parse.quote(str(value), safe="") + out[end + 1 :]
    return out


def is_absolute(url: str) -> bool:
    """Whether ``url`` is an absolute http(s) URL (a signed or permanent link) rather than an API path."""
    lower = url[:8].lower()
    return lower.startswith("http://") or lower.startswith("https://")


def _get(headers: Optional[Message], name: str) -> Optional[str]:
    value = headers.get(name) if headers is not None else None
    return str(value) if value is not None else None


def _query_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _read_and_close(raw: Any) -> bytes:
    try:
        data: bytes = raw.read()
        return data
    finally:
        raw.close()


def _safe_read(err: urllib.error.HTTPError) -> bytes:
    try:
        data: bytes = err.read()
        return data
    except (OSError, http.client.HTTPException):
        return b""
    finally:
        err.close()
