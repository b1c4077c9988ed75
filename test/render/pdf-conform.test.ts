// The `conform` step (src/pdf/conform-step.ts) on PDFs Folio did not make itself: a tagged Chromium PDF
// becomes PDF/A-2b and PDF/UA-1 and passes the PDF/A checker and Folio's PDF/UA checker; what cannot conform
// is refused with the reason, never claimed: a font without its program, colour in DeviceCMYK, PDF/UA-1 of
// a PDF without a structure tree. The step runs as a PDF job's sandbox does (runPdfSteps).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { cmyk, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { Renderer } from '../../src/render/renderer.js';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import { checkPdfUa } from '../../src/pdf/ua/ua-check.js';
import { isPdfError } from '../../src/pdf/errors.js';
import type { PdfStep } from '../../src/domain/pdfs/pdf-steps.js';
import { checkPdfA } from '../helpers/pdfa-check.js';
import { bundle, memorySink, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

const conform = (pdf: Uint8Array, step: Omit<Extract<PdfStep, { type: 'conform' }>, 'type'>) =>
  runPdfSteps([{ bytes: pdf, field: 'sources[0]' }], [{ type: 'conform', ...step }], Date.parse('2026-03-14T09:30:15Z'));

function meta(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-conform-'));
  try {
    fs.writeFileSync(path.join(dir, 'x.pdf'), pdf);
    return execFileSync('pdfinfo', ['-meta', path.join(dir, 'x.pdf')], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a tagged PDF from elsewhere becomes PDF/A-2b and PDF/UA-1, and passes both checkers', async () => {
  const out = memorySink();
  const html =
    '<!doctype html><html lang="en-GB"><head><title>Annual statement</title></head><body><h1>Annual statement</h1><p>See <a href="https://example.com/terms">the terms</a>.</p><h2>Details</h2><p>Text.</p></body></html>';
  await renderer.render(request({ bundle: bundle({ '/index.html': html }), timeoutMs: 30_000 }), out.sink);
  const [result] = await conform(out.bytes(), { standard: 'pdf/a-2b', accessibility: 'pdf/ua-1' });
  assert.deepEqual(await checkPdfA(Buffer.from(result.bytes), { standard: 'pdf/a-2b' }), []);
  assert.deepEqual(await checkPdfUa(result.bytes), []);
  const xmp = meta(result.bytes);
  assert.match(xmp, /pdfaid:part[^\d]*2/);
  assert.match(xmp, /pdfuaid:part[^\d]*1/);
  assert.equal(result.pageCount, 1);
});

test('what cannot conform is refused naming why: a font not embedded, DeviceCMYK, PDF/UA of an untagged PDF', async () => {
  const helvetica = await PDFDocument.create();
  helvetica.addPage([300, 200]).drawText('Invoice 4711', { font: await helvetica.embedFont(StandardFonts.Helvetica) });
  const plain = await helvetica.save();
  await assert.rejects(
    conform(plain, { standard: 'pdf/a-3b' }),
    (err: unknown) => isPdfError(err, 'step') && /font Helvetica is not embedded/.test(err.message),
  );

  const printed = await PDFDocument.create();
  printed.addPage([300, 200]).drawRectangle({ x: 10, y: 10, width: 100, height: 50, color: cmyk(0, 1, 1, 0) });
  await assert.rejects(
    conform(await printed.save(), { standard: 'pdf/a-2b' }),
    (err: unknown) => isPdfError(err, 'step') && /DeviceCMYK/.test(err.message) && err.field === 'steps[0].standard',
  );

  await assert.rejects(
    conform(plain, { accessibility: 'pdf/ua-1' }),
    (err: unknown) => isPdfError(err, 'step') && /tagged PDF/.test(err.message) && err.field === 'steps[0].accessibility',
  );
});
