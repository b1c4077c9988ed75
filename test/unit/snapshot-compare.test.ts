// The rules of `folio test` (src/domain/deploys/snapshot-compare.ts, and pdf/snapshots/snapshot-judge.ts over small PNGs made here): when a
// pixel differs, when a page drifts (tolerance, size), the line diff of the text and the one-line summary.
// No Chromium, no poppler.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import {
  CHANNEL_THRESHOLD,
  comparePixels,
  describeDrift,
  diffHunks,
  diffImage,
  lineDiff,
  pageDrifts,
  passes,
  percent,
  type FixtureVerdict,
  type RawImage,
} from '../../src/domain/deploys/snapshot-compare.js';
import { judge } from '../../src/pdf/snapshots/snapshot-judge.js';
import type { Snapshot } from '../../src/domain/deploys/snapshot-files.js';

/** A width × height RGB image of one colour, with `changes` pixels (by index) set to another. */
function image(
  width: number,
  height: number,
  rgb: [number, number, number],
  changes: Record<number, [number, number, number]> = {},
): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(changes[i] ?? rgb, i * 3);
  return { width, height, channels: 3, data };
}

const png = (img: RawImage) =>
  sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();

describe('folio test: pixels', () => {
  test('a pixel differs only when a channel differs by more than the threshold', () => {
    const white = image(10, 10, [255, 255, 255]);
    const within = image(10, 10, [255, 255, 255], { 5: [255 - CHANNEL_THRESHOLD, 255, 255] });
    const beyond = image(10, 10, [255, 255, 255], { 5: [255, 255 - CHANNEL_THRESHOLD - 1, 255] });
    assert.equal(comparePixels(white, white).differing, 0);
    assert.equal(comparePixels(white, within).differing, 0);
    const c = comparePixels(white, beyond);
    assert.deepEqual([c.differing, c.total, c.ratio, c.sizeMismatch], [1, 100, 0.01, false]);
  });

  test('RGB and RGBA of the same opaque colours are the same; a transparent pixel is not', () => {
    const rgb = image(2, 1, [10, 20, 30]);
    const rgba: RawImage = { width: 2, height: 1, channels: 4, data: new Uint8Array([10, 20, 30, 255, 10, 20, 30, 0]) };
    assert.equal(comparePixels(rgb, rgba).differing, 1);
    rgba.data[7] = 255;
    assert.equal(comparePixels(rgb, rgba).differing, 0);
  });

  test('a page drifts when more than the tolerance of its pixels differ, not at it', () => {
    const base = image(100, 10, [255, 255, 255]);
    const one = comparePixels(base, image(100, 10, [255, 255, 255], { 0: [0, 0, 0] })); // 1 of 1000
    assert.equal(one.ratio, 0.001);
    assert.equal(pageDrifts(one, 0.001), false);
    assert.equal(pageDrifts(one), false, 'the default tolerance is 0.1 %');
    const two = comparePixels(base, image(100, 10, [255, 255, 255], { 0: [0, 0, 0], 999: [0, 0, 0] }));
    assert.equal(pageDrifts(two, 0.001), true);
    assert.equal(pageDrifts(two, 0.01), false);
    assert.equal(pageDrifts(one, 0), true, 'tolerance 0: any differing pixel');
    assert.equal(pageDrifts(comparePixels(base, base), 0), false);
  });

  test('a page of another size drifts whatever the tolerance', () => {
    const c = comparePixels(image(414, 585, [255, 255, 255]), image(414, 600, [255, 255, 255]));
    assert.equal(c.sizeMismatch, true);
    assert.deepEqual(
      [c.expected, c.actual],
      [
        { width: 414, height: 585 },
        { width: 414, height: 600 },
      ],
    );
    assert.equal(c.ratio, 1);
    assert.equal(pageDrifts(c, 1), true);
  });

  test('the picture of the differences: differing pixels red, the rest a faded copy, as large as the larger page', () => {
    const d = diffImage(image(3, 1, [0, 0, 0]), image(3, 2, [0, 0, 0], { 1: [255, 255, 255] }));
    assert.deepEqual([d.width, d.height, d.channels], [3, 2, 4]);
    const px = (i: number) => [...d.data.subarray(i * 4, i * 4 + 4)];
    assert.deepEqual(px(1), [255, 0, 0, 255], 'the changed pixel');
    assert.deepEqual(px(0), [191, 191, 191, 255], 'black faded to a light grey');
    assert.deepEqual(px(3), [255, 0, 0, 255], 'a row only the actual page has');
  });
});

describe('folio test: text', () => {
  test('a line diff keeps the common lines and marks removed and added ones', () => {
    const d = lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    assert.deepEqual(d, [
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
      { op: ' ', text: 'd' },
      { op: '+', text: 'e' },
    ]);
    assert.deepEqual(lineDiff('x', 'x'), [{ op: ' ', text: 'x' }]);
  });

  test('hunks keep the context around each change and mark what was left out', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[10] = 'LINE 10';
    const h = diffHunks(lineDiff(lines.join('\n'), changed.join('\n')), 2);
    assert.deepEqual(
      h.map((l) => (l === null ? '…' : `${l.op}${l.text}`)),
      ['…', ' line 8', ' line 9', '-line 10', '+LINE 10', ' line 11', ' line 12', '…'],
    );
  });
});

describe('folio test: verdicts', () => {
  const compared = (page: number, differing: number, total = 1000, sizeMismatch = false) => {
    const comparison = {
      sizeMismatch,
      expected: { width: 10, height: 100 },
      actual: { width: 10, height: sizeMismatch ? 120 : 100 },
      differing,
      total,
      ratio: differing / total,
    };
    return { page, kind: 'compared' as const, comparison, drifts: pageDrifts(comparison) };
  };
  const verdict = (v: Partial<FixtureVerdict>): FixtureVerdict => ({
    expectedPages: 3,
    actualPages: 3,
    textEqual: true,
    textLines: 0,
    pages: [],
    ...v,
  });

  test('the one-line summary names what drifted', () => {
    assert.equal(describeDrift(verdict({ pages: [compared(1, 0), compared(2, 13)] })), 'page 2 differs (1.3% of pixels)');
    assert.equal(describeDrift(verdict({ pages: [compared(1, 50), compared(3, 130)] })), 'pages 1, 3 differ (up to 13% of pixels)');
    assert.equal(
      describeDrift(verdict({ actualPages: 2, pages: [compared(1, 0), compared(2, 1000, 1200, true), { page: 3, kind: 'missing' }] })),
      '2 pages, expected 3; page 2 is 10×120 px, expected 10×100',
    );
    assert.equal(describeDrift(verdict({ textEqual: false, textLines: 1 })), 'text differs (1 line)');
    assert.equal(passes(verdict({ pages: [compared(1, 1)] })), true, 'within the tolerance');
    assert.equal(passes(verdict({ textEqual: false, textLines: 2 })), false);
  });

  test('percentages read as people say them', () => {
    assert.deepEqual([0, 0.0004, 0.013, 0.2345, 1].map(percent), ['0%', '0.04%', '1.3%', '23%', '100%']);
  });

  test('judge: pages only one side has, byte-identical pages, and a drifting page with its pictures', async () => {
    const white = await png(image(40, 50, [255, 255, 255]));
    const marked = await png(image(40, 50, [255, 255, 255], { 0: [0, 0, 0], 1: [0, 0, 0], 2: [0, 0, 0] }));
    const snapshot: Snapshot = {
      meta: { pages: 2, browser: 'HeadlessChrome/156', dpi: 50, createdAt: '2026-01-01T00:00:00Z', renderer: 'local' },
      text: 'Invoice\n',
      images: [white, white],
    };
    const same = await judge(snapshot, { pages: 2, text: 'Invoice\n', images: [white, white] }, 0.001, true);
    assert.equal(passes(same.verdict), true);
    assert.deepEqual(same.artifacts, []);

    const j = await judge(snapshot, { pages: 3, text: 'Invoice\n', images: [marked, white, white] }, 0.001, true);
    assert.equal(describeDrift(j.verdict), '3 pages, expected 2; page 1 differs (0.15% of pixels)');
    assert.deepEqual(
      j.artifacts.map((a) => [a.verdict.page, a.verdict.kind, Boolean(a.expected), Boolean(a.actual), Boolean(a.diff)]),
      [
        [1, 'compared', true, true, true],
        [3, 'new', false, true, false],
      ],
    );
    const { data, info } = await sharp(j.artifacts[0]!.diff!).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [40, 50]);
    assert.deepEqual([...data.subarray(0, 4)], [255, 0, 0, 255]);
    const loose = await judge(snapshot, { pages: 2, text: 'Invoice\n', images: [marked, white] }, 0.01, false);
    assert.equal(passes(loose.verdict), true, '3 of 2000 pixels is within 1 %');
  });
});
