// Which folder of a LibreOffice installation the sandbox shows (src/office/office-sandbox.ts): the
// installation's own, never / or a top-level folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { officeInstallFolder } from '../../src/office/office-sandbox.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const launcher = (...parts: string[]) => {
  const f = path.join(root, ...parts);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, '#!/bin/sh\n', { mode: 0o755 });
  return f;
};

test('<install>/program/soffice shows <install>; a launcher elsewhere shows its own folder', () => {
  assert.equal(officeInstallFolder(launcher('libreoffice7', 'program', 'soffice')), path.join(root, 'libreoffice7'));
  assert.equal(officeInstallFolder(launcher('tools', 'soffice')), path.join(root, 'tools'));
});

test('a link is followed to the installation it names', () => {
  const target = launcher('vendor', 'program', 'soffice');
  const link = path.join(root, 'bin-soffice');
  fs.symlinkSync(target, link);
  assert.equal(officeInstallFolder(link), path.join(root, 'vendor'));
});

test('a launcher at the top of the file system, or one folder down, is refused', () => {
  assert.equal(officeInstallFolder('/usr/bin/env'), '/usr/bin', 'two folders down: its own folder');
  // /dev/null's folder is /dev: binding it would show the sandbox a whole top-level folder.
  assert.throws(() => officeInstallFolder('/dev/null'), /not inside an installation folder of its own/);
  const link = path.join(root, 'top-soffice');
  fs.symlinkSync('/dev/null', link);
  assert.throws(() => officeInstallFolder(link), /FOLIO_OFFICE_PATH .*top-soffice is not inside/);
});
