// Which folder of a LibreOffice installation the confinement shows (src/office/office-confinement.ts): none for
// Debian's (inside /usr), a vendor installation's own folder, and nothing broader.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileSystemView, officeInstallFolder } from '../../src/office/office-confinement.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const file = (...parts: string[]) => {
  const f = path.join(root, ...parts);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, '#!/bin/sh\n', { mode: 0o755 });
  return f;
};
const refused = /outside \/usr, LibreOffice must be an installation folder of its own/;

test('a vendor installation, <folder>/program/soffice beside soffice.bin, is shown by that folder only', () => {
  const soffice = file('libreoffice7', 'program', 'soffice');
  file('libreoffice7', 'program', 'soffice.bin');
  const install = path.join(root, 'libreoffice7');
  assert.equal(officeInstallFolder(soffice), install);
  const view = fileSystemView(path.join(root, 'private'), soffice).join(' ');
  assert.ok(view.includes(`--ro-bind ${install} ${install}`), view);
  assert.ok(!view.includes(`--ro-bind ${root} `), view);
});

test('a link is followed to the installation it names; Debian’s, inside /usr, needs no bind of its own', () => {
  const target = file('vendor', 'program', 'soffice');
  file('vendor', 'program', 'soffice.bin');
  const link = path.join(root, 'bin-soffice');
  fs.symlinkSync(target, link);
  assert.equal(officeInstallFolder(link), path.join(root, 'vendor'));
  assert.equal(officeInstallFolder('/usr/bin/env'), null);
});

test('a launcher in a folder of other things, or at the top of the file system, is refused', () => {
  assert.throws(() => officeInstallFolder(file('home', 'soffice')), refused, 'not in a program/ folder');
  assert.throws(() => officeInstallFolder(file('svc', 'program', 'soffice')), refused, 'no soffice.bin beside it');
  assert.throws(() => officeInstallFolder('/dev/null'), refused);
  assert.throws(() => fileSystemView(path.join(root, 'private'), file('home2', 'soffice')), refused);
});
