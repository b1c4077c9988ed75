// @folio/cli's snapshot tools (poppler's programs, pixels in plain JavaScript) against the full folio's (the
// PDF library: poppler under its memory limit, pixels by sharp): the same PDF gives the same text and
// byte-identical page images, and the same pages are judged alike, so a snapshot recorded by one passes
// with the other and with a version's checks on the server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { fullTools } from '../../src/cli/snapshots/full-tools.js';
import { lightTools } from '../../src/cli/snapshots/light-tools.js';
import { decodePng, encodePng } from '../../src/domain/deploys/png-codec.js';

async function pdf(colour: [number, number, number]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Invoice INV-${n}`, { x: 60, y: 760, size: 24, font });
    page.drawRectangle({ x: 60, y: 500, width: 300, height: 120, color: rgb(...colour) });
  }
  return Buffer.from(await doc.save());
}

test('the same PDF: the same text and byte-identical page images from both tools', async () => {
  const printed = await pdf([0.1, 0.3, 0.8]);
  const [light, full] = await Promise.all([lightTools.capture(printed), fullTools.capture(printed)]);
  assert.equal(lightTools.dpi, fullTools.dpi);
  assert.match(light.text, /Invoice INV-1/);
  assert.equal(light.text, full.text);
  assert.equal(light.images.length, 2);
  assert.deepEqual(light.images, full.images);
});

test("a changed colour drifts alike in both; the light tools' picture of the differences is a PNG sharp reads", async () => {
  const before = await lightTools.capture(await pdf([0.1, 0.3, 0.8]));
  const after = await lightTools.capture(await pdf([0.8, 0.1, 0.1]));
  const snapshot = { meta: { pages: 2, browser: 'b', dpi: 50, createdAt: '', renderer: 'server' as const }, ...before };
  const current = { pages: 2, ...after };
  const [light, full] = await Promise.all([
    lightTools.judge(snapshot, current, 0.001, true),
    fullTools.judge(snapshot, current, 0.001, true),
  ]);
  assert.deepEqual(light.verdict, full.verdict);
  assert.ok(light.verdict.pages.every((p) => p.kind === 'compared' && p.drifts));
  assert.equal(light.artifacts.length, 2);
  const diff = await sharp(light.artifacts[0]!.diff!).raw().toBuffer({ resolveWithObject: true });
  const fullDiff = await sharp(full.artifacts[0]!.diff!).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual(diff.data, fullDiff.data);
});

test('decodePng reads the PNGs other writers make (filtered rows, grey, palette, alpha) as sharp does', async () => {
  const width = 37;
  const height = 23;
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255 - (i % 200)], i * 4);
  const raw = { raw: { width, height, channels: 4 as const } };
  for (const png of [
    await sharp(rgba, raw).png({ adaptiveFiltering: true, compressionLevel: 9 }).toBuffer(),
    await sharp(rgba, raw).removeAlpha().png().toBuffer(),
    await sharp(rgba, raw).greyscale().png().toBuffer(),
    await sharp(rgba, raw).png({ palette: true, colours: 256, dither: 0 }).toBuffer(),
    encodePng({ width, height, channels: 4, data: rgba }),
  ]) {
    const expected = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = decodePng(png);
    assert.deepEqual([decoded.width, decoded.height, decoded.channels], [expected.info.width, expected.info.height, 4]);
    assert.deepEqual(Buffer.from(decoded.data), expected.data);
  }
});
