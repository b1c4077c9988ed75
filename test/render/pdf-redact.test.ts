// The `redact` step (src/pdf/redact/) on a page printed by Chromium: what was redacted is gone from the
// file, as poppler reads it (pdftotext finds none of its text, pdfimages finds the image's pixels under the
// area painted over), and the rest of the page is still there. The step runs as a PDF job's sandbox does
// (runPdfSteps).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { Renderer } from '../../src/render/renderer.js';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import type { PdfStep } from '../../src/domain/pdfs/pdf-steps.js';
import { checkSteps } from '../../src/domain/pdfs/pdf-steps.js';
import { bundle, memorySink, request } from './helpers.js';

let renderer: Renderer;
let printed: Uint8Array;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-redact-'));

before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
  // A red image with a blue square in its left half; the area below covers that square only.
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: await sharp({ create: { width: 60, height: 60, channels: 3, background: '#0000ff' } })
          .png()
          .toBuffer(),
        left: 20,
        top: 20,
      },
    ])
    .png()
    .toBuffer();
  const html = `<!doctype html><html><head><style>
    body { margin: 0; font: 14px/20px sans-serif; } p { margin: 0 0 0 72px; height: 20px; }
    img { position: absolute; left: 72px; top: 200px; width: 200px; height: 100px; }
    .box { position: absolute; left: 400px; top: 200px; width: 50px; height: 50px; background: #00aa00; }
  </style></head><body>
    <p style="margin-top: 72px">Invoice 4711</p>
    <p>Customer: Jane Doe, Berlin</p>
    <p>IBAN DE89 3704 0044 0532 0130 00 for payment</p>
    <p>Secret line under an area</p>
    <p>Thank you for your order</p>
    <img src="data:image/png;base64,${png.toString('base64')}"><div class="box"></div>
  </body></html>`;
  const out = memorySink();
  await renderer.render(request({ bundle: bundle({ '/index.html': html }), timeoutMs: 30_000 }), out.sink);
  printed = out.bytes();
});
after(async () => {
  await renderer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const redact = async (step: Record<string, unknown>) => {
  const checked = checkSteps([{ type: 'redact', ...step }]);
  if ('problem' in checked) throw new Error(checked.problem.message);
  const [r] = await runPdfSteps([{ bytes: printed, field: 'sources[0]' }], checked.steps as PdfStep[], Date.parse('2026-03-14T09:30:15Z'));
  const file = path.join(dir, `r${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, r.bytes);
  return file;
};
const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

// CSS pixels are 0.75 pt: a line of 20 px is 15 pt; line k (from 0) starts at 72 px + 20 px × k.
const line = (k: number) => ({ page: 1, x: 0, y: (72 + 20 * k) * 0.75, width: 612, height: 15 });

test('strings and patterns go from the text, and the rest of each line stays', async () => {
  const before = text(await redact({ areas: [{ page: 1, x: 0, y: 0, width: 1, height: 1 }] }));
  assert.match(before, /Jane Doe/);
  const out = text(await redact({ text: ['Jane Doe'], patterns: ['DE\\d{2}(?: ?\\d{4}){4} ?\\d{2}'] }));
  assert.doesNotMatch(out, /Jane|Doe/);
  assert.doesNotMatch(out, /DE89|3704|0532|0130/);
  for (const kept of [
    'Invoice 4711',
    'Customer:',
    ', Berlin',
    'IBAN',
    'for payment',
    'Secret line under an area',
    'Thank you for your order',
  ])
    assert.ok(out.includes(kept), `"${kept}" is still there:\n${out}`);
});

test('an area takes the text, the part of the image and the path under it', async () => {
  const file = await redact({
    areas: [
      line(3),
      { page: 1, x: 72 * 0.75 + 15, y: 200 * 0.75 + 15, width: 45, height: 45 },
      { page: 1, x: 295, y: 145, width: 45, height: 45 },
    ],
  });
  const out = text(file);
  assert.doesNotMatch(out, /Secret|under an area/);
  assert.match(out, /IBAN DE89/);
  assert.match(out, /Thank you for your order/);
  execFileSync('pdfimages', ['-png', file, path.join(dir, 'img')]);
  const images = fs.readdirSync(dir).filter((f) => f.startsWith('img'));
  assert.equal(images.length, 1, 'the image stays, with its blanked pixels');
  const { data, info } = await sharp(path.join(dir, images[0])).raw().toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number) => {
    const i = (Math.floor((y / 100) * info.height) * info.width + Math.floor((x / 200) * info.width)) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  assert.deepEqual(px(50, 50), [0, 0, 0], 'the blue square under the area is painted over');
  assert.deepEqual(px(150, 50), [255, 0, 0], 'the red outside the area stays');
  // The green box (a filled path wholly in the third area) is gone from the content: Chromium draws it as
  // one rectangle in CSS pixels.
  const qdf = (f: string) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', f, '-'], { encoding: 'latin1' });
  const original = path.join(dir, 'original.pdf');
  fs.writeFileSync(original, printed);
  const green = /\b400 200 50 50 re\b/;
  assert.match(qdf(original), green);
  assert.doesNotMatch(qdf(file), green);
});
