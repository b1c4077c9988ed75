"""Shared by the scenario scripts of test/e2e/python-client.test.ts: the client from the environment, JSON out."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from folio_client import Folio


def client() -> Folio:
    """A client for the server the Node test started (FOLIO_API_URL, FOLIO_API_KEY)."""
    return Folio(os.environ["FOLIO_API_URL"], os.environ["FOLIO_API_KEY"], timeout=60)


def emit(result: Any) -> None:
    """The scenario's result, as one JSON line on stdout (the Node test parses the last line)."""
    sys.stdout.write(json.dumps(result) + "\n")


def sample_payload(path: str, invoice_number: str) -> Any:
    """The invoice example's sample payload under another invoice number."""
    with open(path, encoding="utf-8") as f:
        payload = json.load(f)
    payload["invoiceNumber"] = invoice_number
    return payload
