// The data folder is private to Folio's user: created 0700, and (as root, where Chromium and LibreOffice run
// as other users) an existing folder loses group and other access at start. Real folders in a temp dir.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { prepareDataDir } from '../../src/config/data-dir.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

test('a new data folder is created with mode 0700, parents included', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-datadir-'));
  try {
    const dir = path.join(root, 'a', 'data');
    assert.equal(prepareDataDir(dir), false);
    assert.equal(mode(dir), 0o700);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('an existing readable data folder is made private when Folio runs as root; another user’s is left alone', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-datadir-'));
  try {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const asRoot = process.getuid?.() === 0;
    assert.equal(prepareDataDir(dir), asRoot);
    assert.equal(mode(dir), asRoot ? 0o700 : 0o755);
    assert.equal(prepareDataDir(dir), false, 'nothing to change the second time');
    if (asRoot) {
      const other = path.join(root, 'other');
      fs.mkdirSync(other, { mode: 0o755 });
      fs.chmodSync(other, 0o755);
      fs.chownSync(other, 65534, 65534);
      assert.equal(prepareDataDir(other), false);
      assert.equal(mode(other), 0o755);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
