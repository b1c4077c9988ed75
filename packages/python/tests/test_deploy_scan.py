"""scan_directory(): the files a deploy uploads, as the TypeScript SDK's listDirectory chooses them."""

from __future__ import annotations

import os
import tempfile
import unittest

from folio_client import default_ignore, scan_directory, sha256_file


class ScanDirectoryTest(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        for rel, content in {
            "index.html": "<h1>x</h1>",
            "css/site.css": "h1 {}",
            "assets/b.txt": "b",
            "assets/a.txt": "a",
            ".env": "SECRET=1",
            ".git/HEAD": "ref",
            "node_modules/x/index.js": "1",
            "lib/node_modules.txt": "a file, not a folder",
            "lib/.hidden/inside.txt": "x",
        }.items():
            path = os.path.join(self.root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(content)
        os.symlink(self.root, os.path.join(self.root, "lib", "loop"))  # a symlink loop is skipped
        os.symlink(os.path.join(self.root, "missing"), os.path.join(self.root, "dangling"))

    def tearDown(self) -> None:
        self.tmp.cleanup()

    def test_dotfiles_and_node_modules_stay_home_by_default(self) -> None:
        listing = scan_directory(self.root)
        self.assertEqual(
            [f.path for f in listing.files],
            ["assets/a.txt", "assets/b.txt", "css/site.css", "index.html", "lib/node_modules.txt"],
        )
        self.assertEqual(listing.ignored, [".env", ".git/", "lib/.hidden/", "node_modules/"])
        self.assertEqual(listing.files[0].size, 1)

    def test_included_on_request(self) -> None:
        paths = [f.path for f in scan_directory(self.root, include_dotfiles=True, include_node_modules=True).files]
        self.assertIn(".env", paths)
        self.assertIn(".git/HEAD", paths)
        self.assertIn("node_modules/x/index.js", paths)
        self.assertIn("lib/.hidden/inside.txt", paths)

    def test_an_ignore_predicate_replaces_the_defaults(self) -> None:
        seen = []

        def ignore(rel: str) -> bool:
            seen.append(rel)
            return rel.endswith(".txt") or default_ignore()(rel)

        listing = scan_directory(self.root, ignore=ignore)
        self.assertEqual([f.path for f in listing.files], ["css/site.css", "index.html"])
        self.assertIn("css/", seen, "folders are asked with a trailing slash")
        self.assertIn("assets/a.txt", listing.ignored)

    def test_not_a_folder(self) -> None:
        with self.assertRaises(FileNotFoundError):
            scan_directory(os.path.join(self.root, "nope"))
        with self.assertRaises(NotADirectoryError):
            scan_directory(os.path.join(self.root, "index.html"))

    def test_sha256_file(self) -> None:
        self.assertEqual(
            sha256_file(os.path.join(self.root, "assets", "a.txt")),
            "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
        )


if __name__ == "__main__":
    unittest.main()
