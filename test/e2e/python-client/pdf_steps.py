"""PDF jobs: run_steps with its reports (redact then extractText, validate, an uploaded file read as Markdown), a
failing validate, and transform in one request (a redacted PDF, its Markdown and text, an image made a PDF)."""

import os
import struct
import sys
import zlib

from _common import client, emit
from folio_client import FolioApiError

out_dir = sys.argv[1]
folio = client()


def png(width: int, height: int) -> bytes:
    """A red RGB PNG, made with the standard library."""
    rows = b"".join(b"\x00" + b"\xd0\x00\x00" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def write(name: str, data: bytes) -> str:
    path = os.path.join(out_dir, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


markdown = "# Statement\n\nCustomer: Jane Doe\n\nAmount due: 42 EUR\n\n- first item\n- second item\n"
done = folio.render_and_wait(markdown=markdown, output_mode="managed", timeout=60)
pdf_id = done["pdf"]["id"]
original = folio.download(pdf_id)

redacted = folio.pdfs.run_steps([pdf_id], [{"type": "redact", "text": ["Jane Doe"]}, {"type": "extractText"}], "statement-redacted")
text_report = redacted["reports"][0]
write("run-steps-redacted.pdf", folio.download(redacted["pdfs"][0]["id"]))

validated = folio.pdfs.run_steps([pdf_id], [{"type": "validate", "standards": ["pdf/a-2b", "pdf/ua-1"]}])
uploaded = folio.pdfs.run_steps([{"upload": "doc"}], [{"type": "extractText", "format": "markdown"}], files={"doc": original})
try:
    folio.pdfs.run_steps([pdf_id], [{"type": "validate", "standards": ["pdf/a-1b"], "failOnFindings": True}])
    failing = None
except FolioApiError as err:
    failing = {"status": err.status, "code": err.code, "field": (err.details or {}).get("field")}

one_request = folio.pdfs.transform({"doc": original}, [{"type": "redact", "text": ["Jane Doe"]}])
assert isinstance(one_request, bytes)
path = write("transform-redacted.pdf", one_request)
as_markdown = folio.pdfs.transform({"doc": path}, [{"type": "extractText", "format": "markdown"}], accept="text/markdown")
as_text = folio.pdfs.transform({"doc": path}, [{"type": "extractText"}], accept="text/plain")
image = folio.pdfs.transform({"scan.png": png(40, 20)}, [{"type": "metadata", "title": "Scan"}])
assert isinstance(image, bytes)
write("transform-image.pdf", image)

emit(
    {
        "redacted": {
            "pdfs": [p["fileName"] for p in redacted["pdfs"]],
            "report": {k: text_report[k] for k in ("step", "type", "format", "structure", "truncated")},
            "text": text_report["text"],
        },
        "validated": {
            "pdfs": validated["pdfs"],
            "reports": [
                {
                    "type": r["type"],
                    "passed": r["passed"],
                    "results": [
                        {
                            "standard": s["standard"],
                            "passed": s["passed"],
                            "claimed": s["claimed"],
                            "findings": len(s["findings"]),
                            "findingKeys": sorted({k for f in s["findings"] for k in f}),
                            "checked": len(s["checked"]),
                        }
                        for s in r["results"]
                    ],
                }
                for r in validated["reports"]
            ],
        },
        "uploaded": {"pdfs": uploaded["pdfs"], "format": uploaded["reports"][0]["format"], "text": uploaded["reports"][0]["text"]},
        "failing": failing,
        "transform": {
            "head": one_request[:5].decode("latin-1"),
            "markdown": as_markdown,
            "text": as_text,
            "imageHead": image[:5].decode("latin-1"),
        },
    }
)
