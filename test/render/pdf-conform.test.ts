// The `conform` step (src/pdf/conform-step.ts) on a PDF Folio did not make itself: a tagged Chromium PDF
// becomes PDF/A-2b and PDF/UA-1 and passes the PDF/A checker and Folio's PDF/UA checker. The step runs as a
// PDF job's sandbox does (runPdfSteps). Its refusals need no browser: test/unit/pdf-conform-refusals.test.ts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Renderer } from '../../src/render/renderer.js';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import { checkPdfUa } from '../../src/pdf/ua/ua-check.js';
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
