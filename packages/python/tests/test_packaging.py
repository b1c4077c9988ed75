"""The package as pip and type checkers see it: its pyproject metadata, the PEP 561 marker, its exports."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import sys
import unittest
from typing import Any, Dict, cast

import folio_client

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_pyproject(path: str) -> Dict[str, Any]:
    """pyproject.toml read with tomllib (Python 3.11+), else its one-line `key = value` entries whose value is
    a string or an array of strings (JSON spells them the same), by table: what the metadata test reads."""
    if sys.version_info >= (3, 11):
        with open(path, "rb") as f:
            return cast(Dict[str, Any], importlib.import_module("tomllib").load(f))
    meta: Dict[str, Any] = {}
    table = meta
    with open(path, encoding="utf-8") as f:
        for line in f:
            header = re.match(r"^\[([\w.-]+)\]\s*$", line)
            if header:
                table = meta
                for key in header.group(1).split("."):
                    table = table.setdefault(key, {})
                continue
            entry = re.match(r"^([\w-]+)\s*=\s*(.+?)\s*$", line)
            if entry:
                try:
                    table[entry.group(1)] = json.loads(entry.group(2))
                except ValueError:
                    pass  # an inline table or a multi-line array: not read by the test
    return meta


class PackagingTest(unittest.TestCase):
    def test_py_typed_marker(self) -> None:
        self.assertTrue(os.path.isfile(os.path.join(ROOT, "folio_client", "py.typed")))

    def test_every_export_exists_and_every_module_imports(self) -> None:
        for name in folio_client.__all__:
            self.assertTrue(hasattr(folio_client, name), name)
        for module in pkgutil.iter_modules(folio_client.__path__):
            importlib.import_module(f"folio_client.{module.name}")

    def test_pyproject_metadata(self) -> None:
        meta = read_pyproject(os.path.join(ROOT, "pyproject.toml"))
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
