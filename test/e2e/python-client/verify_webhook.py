"""verify_webhook() on a real delivery: the raw body and headers the Node receiver recorded, and altered copies."""

import json
import sys

from _common import emit
from folio_client import WebhookVerificationError, verify_webhook

body_file, headers_file, secret = sys.argv[1], sys.argv[2], sys.argv[3]
with open(body_file, "rb") as f:
    body = f.read()
with open(headers_file, encoding="utf-8") as text:
    headers = json.load(text)

event = verify_webhook(body, headers, secret)
upper = {k.upper(): v for k, v in headers.items()}


def refusal(b, h, s, **kw):
    try:
        verify_webhook(b, h, s, **kw)
    except WebhookVerificationError as err:
        return str(err.message)
    return None


timestamp = int(headers["service-webhook-timestamp"])
emit(
    {
        "id": event["id"],
        "type": event["type"],
        "jobId": event["data"]["job"]["id"],
        "status": event["data"]["job"]["status"],
        "upperCaseHeaders": verify_webhook(body, upper, secret)["id"],
        "tampered": refusal(body.replace(b'"succeeded"', b'"failed"'), headers, secret),
        "extraByte": refusal(body + b" ", headers, secret),
        "wrongSecret": refusal(body, headers, secret + "x"),
        "stale": refusal(body, headers, secret, now=timestamp + 301),
        "withinTolerance": verify_webhook(body, headers, secret, now=timestamp + 300)["id"],
        "noSignature": refusal(body, {k: v for k, v in headers.items() if k != "service-webhook-signature"}, secret),
    }
)
