"""Readers of the response headers Folio sends with a file: ``Content-Disposition``, ``Folio-Warnings``, ``ETag``."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass
from typing import List, Optional

_STAR = re.compile(r"filename\*=UTF-8''([^;]+)", re.IGNORECASE)
_QUOTED = re.compile(r'filename="([^"]*)"', re.IGNORECASE)
_PLAIN = re.compile(r"filename=([^;]+)", re.IGNORECASE)
_COUNT = re.compile(r"^count=(\d+)$", re.IGNORECASE)
_ETAG_SHA = re.compile(r'^"([0-9a-fA-F]{64})"$')


@dataclass(frozen=True)
class WarningCount:
    """A warning code of a job and how often it happened (``Folio-Warnings``); the messages are in the job."""

    code: str
    count: int


def disposition_file_name(value: Optional[str]) -> Optional[str]:
    """The file name of a Content-Disposition header (its RFC 5987 ``filename*``, else ``filename``), or None."""
    if not value:
        return None
    star = _STAR.search(value)
    if star:
        try:
            return urllib.parse.unquote(star.group(1), errors="strict")
        except UnicodeDecodeError:
            return None
    plain = _QUOTED.search(value) or _PLAIN.search(value)
    return plain.group(1).strip() if plain else None


def parse_warnings_header(value: Optional[str]) -> List[WarningCount]:
    """``page_exception;count=2, http_error_status;count=1`` as ``[WarningCount]`` in that order ([] when absent).

    A code without a readable count counts 1.
    """
    if not value:
        return []
    out: List[WarningCount] = []
    for part in value.split(","):
        pieces = [p.strip() for p in part.split(";")]
        code = pieces[0]
        if not code:
            continue
        count = 1
        for param in pieces[1:]:
            m = _COUNT.match(param)
            if m:
                count = int(m.group(1))
                break
        out.append(WarningCount(code, count))
    return out


def etag_sha256(value: Optional[str]) -> Optional[str]:
    """The sha256 of an ETag that is a quoted sha256 (what Folio's file answers carry), lowercase; None otherwise."""
    m = _ETAG_SHA.match(value or "")
    return m.group(1).lower() if m else None
