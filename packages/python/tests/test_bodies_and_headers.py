"""Pure helpers: the render job body built from arguments, download references, response header readers."""

from __future__ import annotations

import unittest

from folio_client import parse_warnings_header
from folio_client.download import reference_of
from folio_client.headers import WarningCount, disposition_file_name, etag_sha256
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
