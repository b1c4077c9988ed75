"""The package as pip and type checkers see it: its pyproject metadata, the PEP 561 marker, its exports."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import unittest

import folio_client

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class PackagingTest(unittest.TestCase):
    def test_py_typed_marker(self) -> None:
        self.assertTrue(os.path.isfile(os.path.join(ROOT, "folio_client", "py.typed")))

    def test_every_export_exists_and_every_module_imports(self) -> None:
        for name in folio_client.__all__:
            self.assertTrue(hasattr(folio_client, name), name)
        for module in pkgutil.iter_modules(folio_client.__path__):
            importlib.import_module(f"folio_client.{module.name}")

    @unittest.skipUnless(sys.version_info >= (3, 11), "tomllib is in the standard library from Python 3.11")
    def test_pyproject_metadata(self) -> None:
        tomllib = importlib.import_module("tomllib")
        with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
            meta = tomllib.load(f)
        project = meta["project"]
        self.assertEqual(project["name"], "folio-client")
        self.assertEqual(project["version"], folio_client.__version__)
        self.assertEqual(project["requires-python"], ">=3.9")
        self.assertEqual(project["dependencies"], [], "standard library only")
        self.assertEqual(meta["tool"]["setuptools"]["packages"], ["folio_client"])
        self.assertIn("py.typed", meta["tool"]["setuptools"]["package-data"]["folio_client"])
        self.assertTrue(os.path.isfile(os.path.join(ROOT, project["readme"])))


if __name__ == "__main__":
    unittest.main()
