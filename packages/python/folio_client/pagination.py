"""Pagination of the list operations: every item of ``{items, nextCursor}`` pages, one page at a time."""

from __future__ import annotations

from typing import Any, Dict, Iterator, Mapping, Optional

from .transport import Transport

JsonObject = Dict[str, Any]


def paginate(
    transport: Transport,
    route: str,
    *,
    path: Optional[Mapping[str, str]] = None,
    query: Optional[Mapping[str, Any]] = None,
) -> Iterator[JsonObject]:
    """Yields every item of a list operation (``GET /v1/deploys``, ...), following ``nextCursor`` page by page.

    Pages are fetched lazily: stopping the iteration early sends no further request.
    """
    cursor: Optional[str] = None
    while True:
        q: Dict[str, Any] = dict(query or {})
        if cursor:
            q["cursor"] = cursor
        page = transport.call("GET", route, path=path, query=q)
        for item in page.get("items", []):
            yield item
        next_cursor = page.get("nextCursor")
        if not next_cursor:
            return
        cursor = str(next_cursor)
