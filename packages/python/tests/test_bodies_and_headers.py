"""Pure helpers: the render job body built from arguments, PDF job bodies and forms, download references,
response header readers."""

from __future__ import annotations

import email.parser
import email.policy
import json
import os
import tempfile
import unittest

from folio_client import parse_warnings_header
from folio_client.download import reference_of
from folio_client.headers import WarningCount, disposition_file_name, etag_sha256
from folio_client.pdf_jobs import encode_multipart, job_body as pdf_job_body, source_of
from folio_client.render import camel, job_body


class JobBodyTest(unittest.TestCase):
    def test_a_deploy_id_with_fields_in_snake_case(self) -> None:
        body = job_body(
            "dep_1",
            version=None,
            payload={"a": 1},
            fields={"business_key": "INV-1", "output_mode": "managed", "e_invoice": None},
        )
        self.assertEqual(
            body, {"deployId": "dep_1", "deployVersionId": "latest", "businessKey": "INV-1", "outputMode": "managed", "payload": {"a": 1}}
        )

    def test_a_slug_goes_as_the_deploy_id_and_a_version_named(self) -> None:
        body = job_body("invoice", version="production", payload=None, fields={})
        self.assertEqual(body, {"deployId": "invoice", "deployVersionId": "production"})

    def test_a_whole_body_and_inline_files(self) -> None:
        body = job_body({"deployId": "dep_2", "deployVersionId": "ver_1"}, version=None, payload=[1], fields={})
        self.assertEqual(body, {"deployId": "dep_2", "deployVersionId": "ver_1", "payload": [1]})
        inline = job_body(
            None,
            version=None,
            payload=None,
            fields={"html": "<h1>x</h1>", "files": {"a.css": b"h1{}", "b.png": "iVBO"}},
        )
        self.assertEqual(inline, {"html": "<h1>x</h1>", "files": {"a.css": "aDF7fQ==", "b.png": "iVBO"}})

    def test_camel(self) -> None:
        self.assertEqual(
            [camel(n) for n in ("payload", "payload_base64", "item_webhooks", "e_invoice")],
            ["payload", "payloadBase64", "itemWebhooks", "eInvoice"],
        )


class PdfJobBodyTest(unittest.TestCase):
    def test_sources_by_id_or_as_given(self) -> None:
        self.assertEqual(source_of("pdf_1"), {"pdfId": "pdf_1"})
        self.assertEqual(source_of("job_1"), {"jobId": "job_1"})
        self.assertEqual(source_of({"upload": "scan"}), {"upload": "scan"})
        body = pdf_job_body(["pdf_1", {"jobId": "job_2"}], [{"type": "extractText"}], "out", None)
        self.assertEqual(body, {"sources": [{"pdfId": "pdf_1"}, {"jobId": "job_2"}], "steps": [{"type": "extractText"}], "fileName": "out"})

    def test_the_form_holds_the_job_and_each_file_as_sent(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "scan.png")
            with open(path, "wb") as f:
                f.write(b"\x89PNG\r\n\x1a\n-bytes")
            job = {"sources": [{"upload": "bill"}, {"upload": "scan"}], "steps": [{"type": "redact", "text": ["Zoë"]}]}
            data, content_type = encode_multipart(job, {"bill": b"%PDF-1.7\r\n--not-a-boundary\r\n", "scan": path})
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode("ascii") + data
        )
        parts = list(message.iter_parts())
        self.assertEqual([p.get_param("name", header="content-disposition") for p in parts], ["job", "bill", "scan"])
        self.assertEqual([p.get_filename() for p in parts], [None, "bill.pdf", "scan.png"])
        self.assertIsNone(parts[0]["Content-Type"], "a plain text field: a JSON-typed part would reach the route parsed")
        sent_job = parts[0].get_payload(decode=True)
        assert isinstance(sent_job, bytes)
        self.assertEqual(json.loads(sent_job.decode("utf-8")), job)
        self.assertEqual(parts[1].get_payload(decode=True), b"%PDF-1.7\r\n--not-a-boundary\r\n")
        self.assertEqual(parts[2].get_payload(decode=True), b"\x89PNG\r\n\x1a\n-bytes")
        with self.assertRaises(ValueError):
            encode_multipart(job, {"job": b"%PDF-"})
        with self.assertRaises(ValueError):
            encode_multipart(job, {'a"b': b"%PDF-"})


class ReferenceTest(unittest.TestCase):
    def test_what_a_json_object_names(self) -> None:
        self.assertEqual(reference_of({"access": {"url": "http://x/v1/files/t"}}), "http://x/v1/files/t")
        self.assertEqual(reference_of({"job": {"id": "job_1"}, "output": {"id": "out_1"}}), "job_1")
        self.assertEqual(reference_of({"job": {"id": "job_1"}, "output": {"download": {"url": "u"}}}), "job_1")
        self.assertEqual(reference_of({"id": "pdf_1", "state": "available"}), "pdf_1")
        self.assertEqual(reference_of({"id": "out_1", "renderJobId": "job_2"}), "job_2")
        with self.assertRaises(ValueError):
            reference_of({"id": "out_1"})


class HeadersTest(unittest.TestCase):
    def test_disposition(self) -> None:
        self.assertEqual(disposition_file_name("attachment; filename=\"a.pdf\"; filename*=UTF-8''Z%C3%BCrich.pdf"), "Zürich.pdf")
        self.assertEqual(disposition_file_name('attachment; filename="a b.pdf"'), "a b.pdf")
        self.assertEqual(disposition_file_name("inline; filename=x.pdf"), "x.pdf")
        self.assertIsNone(disposition_file_name(None))
        self.assertIsNone(disposition_file_name("attachment"))

    def test_warnings(self) -> None:
        self.assertEqual(
            parse_warnings_header("page_exception;count=2, http_error_status;count=1,font_fallback"),
            [WarningCount("page_exception", 2), WarningCount("http_error_status", 1), WarningCount("font_fallback", 1)],
        )
        self.assertEqual(parse_warnings_header(None), [])
        self.assertEqual(parse_warnings_header(""), [])

    def test_etag(self) -> None:
        sha = "A" * 64
        self.assertEqual(etag_sha256(f'"{sha}"'), "a" * 64)
        self.assertIsNone(etag_sha256('W/"abc"'))
        self.assertIsNone(etag_sha256(None))


if __name__ == "__main__":
    unittest.main()
