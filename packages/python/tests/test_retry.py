"""The retry policy's pure parts: Retry-After parsing, backoff bounds, which requests may be repeated."""

from __future__ import annotations

import email.utils
import random
import unittest

from folio_client import retry_after_seconds
from folio_client.retry import backoff_seconds, retry_safe, wants_idempotency_key

NOW = 1_795_320_638.0


class RetryAfterTest(unittest.TestCase):
    def test_delta_seconds(self) -> None:
        self.assertEqual(retry_after_seconds("5"), 5.0)
        self.assertEqual(retry_after_seconds(" 3 "), 3.0)
        self.assertEqual(retry_after_seconds("0"), 0.0)
        self.assertEqual(retry_after_seconds("1.5"), 1.5)
        self.assertEqual(retry_after_seconds("2592000"), 2592000.0)

    def test_http_dates(self) -> None:
        later = email.utils.formatdate(NOW + 90, usegmt=True)  # "Fri, 20 Nov 2026 ... GMT"
        self.assertAlmostEqual(retry_after_seconds(later, now=NOW) or 0.0, 90.0, places=3)
        earlier = email.utils.formatdate(NOW - 90, usegmt=True)
        self.assertEqual(retry_after_seconds(earlier, now=NOW), 0.0)

    def test_absent_or_unreadable(self) -> None:
        for value in (None, "", "  ", "soon", "-5", "5s", "Fri, 99 Foo 2026"):
            self.assertIsNone(retry_after_seconds(value, now=NOW), repr(value))


class BackoffTest(unittest.TestCase):
    def test_doubles_with_jitter_in_the_upper_half_and_is_capped(self) -> None:
        rand = random.Random(7)
        for attempt, step in ((0, 0.25), (1, 0.5), (2, 1.0), (3, 2.0)):
            for _ in range(50):
                wait = backoff_seconds(attempt, 0.25, 30.0, rand)
                self.assertGreaterEqual(wait, step / 2)
                self.assertLessEqual(wait, step)
        self.assertLessEqual(backoff_seconds(20, 0.25, 30.0, rand), 30.0)


class SafetyTest(unittest.TestCase):
    def test_which_requests_are_repeated_after_a_network_error(self) -> None:
        for method in ("GET", "PUT", "DELETE", "PATCH", "get"):
            self.assertTrue(retry_safe(method, "/v1/deploys/{deployId}", False), method)
        self.assertFalse(retry_safe("POST", "/v1/deploys", False))
        self.assertFalse(retry_safe("POST", "/v1/render-jobs/{jobId}/cancel", False))
        self.assertTrue(retry_safe("POST", "/v1/render-jobs", True))
        self.assertTrue(retry_safe("POST", "/v1/upload-sessions/{uploadSessionId}/missing-blobs", False))
        self.assertTrue(retry_safe("POST", "/v1/render-jobs/{jobId}/output-download", False))

    def test_which_posts_carry_an_idempotency_key(self) -> None:
        for route in ("/v1/upload-sessions", "/v1/render-jobs", "/v1/render-batches", "/v1/pdfs/merge", "/v1/pdf-jobs", "/v1/render"):
            self.assertTrue(wants_idempotency_key("POST", route), route)
        self.assertFalse(wants_idempotency_key("POST", "/v1/deploys"))
        self.assertFalse(wants_idempotency_key("GET", "/v1/render-jobs"))


if __name__ == "__main__":
    unittest.main()
