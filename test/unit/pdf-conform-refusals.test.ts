// The `conform` step (src/pdf/conform-step.ts) refuses what cannot conform, naming why, and never claims it:
// a font without its program, colour in DeviceCMYK, PDF/UA-1 of a PDF without a structure tree. PDFs made by
// pdf-lib; the step runs as a PDF job's sandbox does (runPdfSteps). A tagged PDF that conforms:
// test/render/pdf-conform.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cmyk, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import { isPdfError } from '../../src/pdf/errors.js';
import type { PdfStep } from '../../src/domain/pdfs/pdf-steps.js';

const conform = (pdf: Uint8Array, step: Omit<Extract<PdfStep, { type: 'conform' }>, 'type'>) =>
  runPdfSteps([{ bytes: pdf, field: 'sources[0]' }], [{ type: 'conform', ...step }], Date.parse('2026-03-14T09:30:15Z'));

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
