// pdf/protect.ts with the real qpdf: AES-256 (R6) with the asked permissions, checked by qpdf's own
// --show-encryption and poppler's pdftotext, for passwords qpdf's command line could not take.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { permissionsOf } from '../../src/domain/pdfs/pdf-protection.js';
import { isPdfError } from '../../src/pdf/errors.js';
import { protectPdf, removeLeftoverProtectFolders } from '../../src/pdf/protect.js';
import { withPdfFile } from '../helpers/pdf.js';

async function onePager(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

const showEncryption = (pdf: Buffer, password: string) =>
  withPdfFile(pdf, (f) => execFileSync('qpdf', ['--show-encryption', `--password=${password}`, f], { encoding: 'utf8' }));
const text = (pdf: Buffer, userPassword?: string) =>
  withPdfFile(pdf, (f) =>
    spawnSync('pdftotext', [...(userPassword !== undefined ? ['-upw', userPassword] : []), f, '-'], { encoding: 'utf8' }),
  );

test('AES-256 with a user password: pdftotext needs it; the permissions are the ones asked for', async () => {
  const pdf = await protectPdf(await onePager('Quarterly salaries'), {
    userPassword: 'open sesame',
    ownerPassword: '-o --print=full', // read as options on qpdf's command line; a job file holds it as a string
    permissions: permissionsOf({ copy: false, modify: false, printHighQuality: false }),
  });
  const shown = showEncryption(pdf, '-o --print=full');
  assert.match(shown, /^R = 6$/m);
  assert.match(shown, /stream encryption method: AESv3/);
  assert.match(shown, /Supplied password is owner password/);
  assert.match(shown, /print low resolution: allowed/);
  assert.match(shown, /print high resolution: not allowed/);
  assert.match(shown, /extract for any purpose: not allowed/);
  assert.match(shown, /modify other: not allowed/);
  assert.match(shown, /modify annotations: allowed/);
  assert.match(shown, /modify forms: allowed/);
  assert.match(shown, /modify document assembly: allowed/);
  const locked = text(pdf);
  assert.notEqual(locked.status, 0, 'pdftotext without the password fails');
  assert.match(locked.stderr, /Incorrect password/);
  const opened = text(pdf, 'open sesame');
  assert.equal(opened.status, 0, opened.stderr);
  assert.match(opened.stdout, /Quarterly salaries/);
  assert.ok(!pdf.includes(Buffer.from('open sesame')) && !pdf.includes(Buffer.from('-o --print=full')), 'no password in the bytes');
});

test('owner password only: anyone opens it, printing and copying are refused', async () => {
  const pdf = await protectPdf(await onePager('Certificate of completion'), {
    ownerPassword: 'owner-only',
    permissions: permissionsOf({ print: false, copy: false }),
  });
  const opened = text(pdf);
  assert.equal(opened.status, 0, opened.stderr);
  assert.match(opened.stdout, /Certificate of completion/);
  const shown = showEncryption(pdf, 'owner-only');
  assert.match(shown, /print low resolution: not allowed/);
  assert.match(shown, /print high resolution: not allowed/);
  assert.match(shown, /extract for any purpose: not allowed/);
});

test('qpdf missing: a post-processing error that says what to install', async () => {
  await assert.rejects(
    protectPdf(await onePager('x'), { ownerPassword: 'o', permissions: permissionsOf({}) }, { qpdf: '/nonexistent/qpdf' }),
    (err: unknown) => isPdfError(err, 'postprocess') && /qpdf is not installed/.test(err.message),
  );
});

test('nothing is left behind in the temporary folders', async () => {
  const before = new Set([...fs.readdirSync(os.tmpdir()), ...fs.readdirSync('/dev/shm')].filter((f) => f.startsWith('folio-protect-')));
  await protectPdf(await onePager('x'), { ownerPassword: 'o', permissions: permissionsOf({}) });
  const after = [...fs.readdirSync(os.tmpdir()), ...fs.readdirSync('/dev/shm')].filter(
    (f) => f.startsWith('folio-protect-') && !before.has(f),
  );
  assert.deepEqual(after, []);
});

test('folders a killed encryption left behind are removed when a worker starts; a running one stays', async () => {
  const old = fs.mkdtempSync(path.join('/dev/shm', 'folio-protect-'));
  fs.writeFileSync(path.join(old, 'job.json'), '{"encrypt":{"ownerPassword":"left behind"}}');
  const hourAgo = new Date(Date.now() - 3_600_000);
  fs.utimesSync(old, hourAgo, hourAgo);
  const running = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-protect-'));
  try {
    assert.ok((await removeLeftoverProtectFolders()) >= 1);
    assert.equal(fs.existsSync(old), false, 'the old folder is gone');
    assert.equal(fs.existsSync(running), true, 'a folder of a running encryption stays');
  } finally {
    fs.rmSync(running, { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
  }
});
