"""deploy_directory() skips a folder equal to the deploy's latest version: the same tree hash and settings."""

from __future__ import annotations

import hashlib
import unittest

from folio_client.deploy_directory import same_as_latest, tree_hash

FILES = [
    {"path": "index.html", "sha256": "a" * 64, "size": 120},
    {"path": "css/site.css", "sha256": "b" * 64, "size": 30},
]


class TreeHashTest(unittest.TestCase):
    def test_is_the_servers_whatever_the_order(self) -> None:
        # The stored paths have a leading "/" (the server's treeHash is over those).
        lines = "".join(f"/{f['path']}\0{f['sha256']}\0{f['size']}\n" for f in sorted(FILES, key=lambda f: f["path"]))
        expected = hashlib.sha256(lines.encode("utf-8")).hexdigest()
        self.assertEqual(tree_hash(FILES), expected)
        self.assertEqual(tree_hash(list(reversed(FILES))), expected)


class SameAsLatestTest(unittest.TestCase):
    def setUp(self) -> None:
        self.latest = {
            "treeHash": tree_hash(FILES),
            "route": "/",
            "title": "Invoice",
            "renderTimeoutMs": 30000,
            "metadataJson": '{"pdf":{"format":"A4"},"fileName":"inv.pdf"}',
            "failOn": ["page_exception", "missing_fonts"],
            "engine": "html",
        }
        self.render = {
            "route": "/",
            "title": "Invoice",
            "renderTimeoutMs": 30000,
            "metadata": {"fileName": "inv.pdf", "pdf": {"format": "A4"}},
            "failOn": ["missing_fonts", "page_exception"],
        }

    def test_same_files_and_settings_repeat_it(self) -> None:
        self.assertTrue(same_as_latest(self.latest, tree_hash(FILES), self.render))

    def test_any_change_makes_a_new_version(self) -> None:
        tree = tree_hash(FILES)
        self.assertFalse(same_as_latest(self.latest, tree_hash(FILES[:1]), self.render))
        for key, value in [
            ("title", "Other"),
            ("route", "/print/"),
            ("renderTimeoutMs", 20000),
            ("metadata", {"fileName": "inv.pdf"}),
            ("failOn", ["page_exception"]),
        ]:
            self.assertFalse(same_as_latest(self.latest, tree, {**self.render, key: value}), key)
        self.assertFalse(same_as_latest(self.latest, tree, {k: v for k, v in self.render.items() if k != "metadata"}))

    def test_an_engine_declared_for_an_html_entry_would_change(self) -> None:
        self.assertFalse(same_as_latest({**self.latest, "engine": "handlebars"}, tree_hash(FILES), self.render))


if __name__ == "__main__":
    unittest.main()
