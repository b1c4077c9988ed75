"""The transport against a scripted HTTP server on 127.0.0.1 (http.server in a thread): retries on 429/503
with Retry-After, network errors, the error body, the API key kept from absolute URLs, Idempotency-Key, and
a PDF job followed with the long poll."""

from __future__ import annotations

import json
import socket
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Tuple

from folio_client import FolioApiError, FolioNetworkError
from folio_client.resources import Pdfs
from folio_client.transport import Transport

Reply = Tuple[int, Dict[str, str], Dict[str, Any]]


class Stub:
    """Answers each request with the next scripted reply (200 {"ok": true} once they run out); records requests."""

    def __init__(self) -> None:
        self.replies: List[Reply] = []
        self.seen: List[Dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def handle_one(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                stub.seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
                status, headers, payload = stub.replies.pop(0) if stub.replies else (200, {}, {"ok": True})
                data = json.dumps(payload).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", "x-request-id": f"req-{len(stub.seen)}", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = handle_one

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class TransportTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub()
        self.sleeps: List[float] = []
        self.t = Transport(self.stub.url + "/v1/", "folio_sk_test", max_retries=3, sleep=self.sleeps.append)

    def tearDown(self) -> None:
        self.stub.close()

    def test_503_and_429_are_retried_after_their_retry_after(self) -> None:
        self.stub.replies += [
            (503, {"Retry-After": "2"}, {"error": "service_unavailable", "message": "later"}),
            (429, {"Retry-After": "1"}, {"error": "rate_limited", "message": "slow down"}),
        ]
        self.assertEqual(self.t.call("GET", "/v1/usage"), {"ok": True})
        self.assertEqual(self.sleeps, [2.0, 1.0])
        self.assertEqual(len(self.stub.seen), 3)

    def test_a_retry_after_beyond_the_maximum_is_raised_at_once(self) -> None:
        self.stub.replies.append(
            (429, {"Retry-After": "2592000"}, {"error": "render_job_quota_exceeded", "message": "quota", "details": {"limit": 5}})
        )
        with self.assertRaises(FolioApiError) as ctx:
            self.t.call("POST", "/v1/render-jobs", body={"deployId": "dep_1"})
        err = ctx.exception
        self.assertEqual((err.status, err.code, err.details, err.request_id), (429, "render_job_quota_exceeded", {"limit": 5}, "req-1"))
        self.assertEqual(self.sleeps, [])

    def test_retries_are_bounded(self) -> None:
        self.stub.replies += [(503, {}, {"error": "service_unavailable", "message": "down"})] * 5
        with self.assertRaises(FolioApiError) as ctx:
            self.t.call("GET", "/v1/usage")
        self.assertEqual(ctx.exception.status, 503)
        self.assertEqual(len(self.stub.seen), 4)
        self.assertEqual(len(self.sleeps), 3, "backoff without Retry-After")

    def test_an_error_body_becomes_the_error(self) -> None:
        self.stub.replies.append((400, {}, {"error": "invalid_request", "message": "slug is invalid", "details": {"field": "slug"}}))
        with self.assertRaises(FolioApiError) as ctx:
            self.t.call("POST", "/v1/deploys", body={"slug": "Not A Slug!"})
        err = ctx.exception
        self.assertEqual(
            (err.status, err.code, err.message, err.details, err.request_id),
            (400, "invalid_request", "slug is invalid", {"field": "slug"}, "req-1"),
        )
        self.assertIn("invalid_request", str(err))

    def test_the_api_key_goes_to_paths_only_and_creates_carry_one_idempotency_key(self) -> None:
        self.stub.replies.append((503, {"Retry-After": "0"}, {"error": "service_unavailable", "message": "x"}))
        self.t.call("POST", "/v1/render-jobs", body={"deployId": "dep_1"})
        first, retried = self.stub.seen
        self.assertEqual(first["headers"].get("Authorization"), "Bearer folio_sk_test")
        self.assertTrue(first["headers"].get("Idempotency-Key"))
        self.assertEqual(first["headers"].get("Idempotency-Key"), retried["headers"].get("Idempotency-Key"))
        self.assertEqual(json.loads(first["body"]), {"deployId": "dep_1"})
        self.t.send("GET", self.stub.url + "/v1/files/token", retry_safe=True, what="GET file")
        self.assertNotIn("Authorization", self.stub.seen[-1]["headers"])
        self.assertEqual(self.stub.seen[-1]["path"], "/v1/files/token")

    def test_path_and_query_parameters(self) -> None:
        self.t.call("GET", "/v1/render-jobs/{jobId}", path={"jobId": "job/1 2"}, query={"waitSeconds": 5, "x": None, "flag": True})
        self.assertEqual(self.stub.seen[-1]["path"], "/v1/render-jobs/job%2F1%202?waitSeconds=5&flag=true")
        with self.assertRaises(ValueError):
            self.t.call("GET", "/v1/render-jobs/{jobId}", path={})


class PdfJobTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub()
        self.pdfs = Pdfs(Transport(self.stub.url, "folio_sk_test", max_retries=0))

    def tearDown(self) -> None:
        self.stub.close()

    def test_a_202_is_followed_with_the_long_poll_to_its_pdfs_and_reports(self) -> None:
        queued = {"job": {"id": "job_1", "status": "queued"}}
        done = {"job": {"id": "job_1", "status": "succeeded"}, "pdfs": [{"id": "pdf_2"}]}
        self.stub.replies += [(202, {}, queued), (200, {}, {"job": {"id": "job_1", "status": "rendering"}}), (200, {}, done)]
        r = self.pdfs.run_steps(["pdf_1", "job_0"], [{"type": "stamp", "text": "PAID"}], "paid", idempotency_key="k-1")
        self.assertEqual(r["pdfs"], [{"id": "pdf_2"}])
        self.assertEqual(r["reports"], [], "no step read: an empty list, not a missing key")
        post, *polls = self.stub.seen
        self.assertEqual(post["headers"]["Idempotency-Key"], "k-1")
        self.assertEqual(
            json.loads(post["body"]),
            {"sources": [{"pdfId": "pdf_1"}, {"jobId": "job_0"}], "steps": [{"type": "stamp", "text": "PAID"}], "fileName": "paid"},
        )
        self.assertEqual([p["path"].split("?")[0] for p in polls], ["/v1/pdf-jobs/job_1", "/v1/pdf-jobs/job_1"])
        self.assertTrue(all("waitSeconds=" in p["path"] for p in polls))

    def test_a_job_that_failed_while_followed_raises_with_its_code(self) -> None:
        failed = {"job": {"id": "job_1", "status": "failed", "errorCode": "pdf_source_unavailable", "errorMessage": "gone"}}
        self.stub.replies += [(202, {}, {"job": {"id": "job_1", "status": "queued"}}), (200, {}, failed)]
        with self.assertRaises(FolioApiError) as ctx:
            self.pdfs.run_steps(["pdf_1"], [{"type": "flatten"}])
        err = ctx.exception
        self.assertEqual((err.status, err.code, err.message), (422, "render_job_failed", "gone"))
        self.assertEqual(err.details, {"jobId": "job_1", "jobStatus": "failed", "jobErrorCode": "pdf_source_unavailable"})

    def test_transform_sends_the_form_with_the_accept_asked_for(self) -> None:
        self.stub.replies.append((200, {"Content-Type": "text/markdown; charset=utf-8"}, {"not": "read as JSON"}))
        text = self.pdfs.transform({"doc": b"%PDF-1.7"}, [{"type": "extractText", "format": "markdown"}], accept="text/markdown")
        self.assertEqual(text, '{"not": "read as JSON"}', "the body as text")
        sent = self.stub.seen[0]
        self.assertEqual(sent["headers"]["Accept"], "text/markdown")
        self.assertTrue(sent["headers"]["Content-Type"].startswith("multipart/form-data; boundary="))
        self.assertIn(b'{"sources":[{"upload":"doc"}],"steps":[{"type":"extractText","format":"markdown"}]}', sent["body"])
        with self.assertRaises(ValueError):
            self.pdfs.transform({"doc": b"%PDF-1.7"}, [], accept="application/json")


class NetworkErrorTest(unittest.TestCase):
    def setUp(self) -> None:
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.sleeps: List[float] = []
        self.t = Transport(f"http://127.0.0.1:{port}", "folio_sk_test", max_retries=2, sleep=self.sleeps.append)

    def test_safe_requests_are_retried_then_raise_network_error(self) -> None:
        with self.assertRaises(FolioNetworkError) as ctx:
            self.t.call("GET", "/v1/usage")
        self.assertEqual((ctx.exception.status, ctx.exception.code), (0, "network_error"))
        self.assertEqual(len(self.sleeps), 2)

    def test_a_post_that_could_create_twice_is_not_retried(self) -> None:
        with self.assertRaises(FolioNetworkError):
            self.t.call("POST", "/v1/deploys", body={"slug": "a", "name": "a"})
        self.assertEqual(self.sleeps, [])
        with self.assertRaises(FolioNetworkError):
            self.t.call("POST", "/v1/render-jobs", body={})
        self.assertEqual(len(self.sleeps), 2, "a create with an Idempotency-Key is retried")


if __name__ == "__main__":
    unittest.main()
