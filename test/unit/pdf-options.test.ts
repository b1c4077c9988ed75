import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printParams, validatePdfOverrides } from '../../src/render/pdf-options.js';

test('valid overrides pass through unchanged', () => {
  const pdf = {
    format: 'A4',
    landscape: true,
    margin: { top: '1cm', left: 20, bottom: '0.5in', right: '3mm' },
    scale: 0.8,
    printBackground: false,
    displayHeaderFooter: true,
    headerTemplate: '<span class="title"></span>',
    footerTemplate: '',
    pageRanges: '1-3, 5',
    tagged: false,
    outline: false,
    width: '210mm',
    height: 1000,
  };
  assert.deepEqual(validatePdfOverrides(pdf), { ok: true, value: pdf });
  assert.deepEqual(validatePdfOverrides(undefined), { ok: true, value: {} });
});

test('bad values are refused with a message naming the field', () => {
  const cases: Array<[unknown, RegExp]> = [
    ['A4', /must be an object/],
    [{ format: 'A9' }, /pdf.format/],
    [{ width: '-3cm' }, /pdf.width/],
    [{ width: '10furlongs' }, /pdf.width/],
    [{ height: 0 }, /pdf.height/],
    [{ height: '9999in' }, /pdf.height/],
    [{ scale: 5 }, /pdf.scale/],
    [{ scale: Number.NaN }, /pdf.scale/],
    [{ landscape: 'yes' }, /pdf.landscape/],
    [{ margin: { top: '-1cm' } }, /pdf.margin.top/],
    [{ margin: { middle: 1 } }, /pdf.margin.middle/],
    [{ margin: [1, 2] }, /pdf.margin/],
    [{ pageRanges: 'all' }, /pdf.pageRanges/],
    [{ headerTemplate: 42 }, /pdf.headerTemplate/],
    [{ colour: 'red' }, /pdf.colour is not a known option/],
  ];
  for (const [input, message] of cases) {
    const r = validatePdfOverrides(input);
    assert.equal(r.ok, false, JSON.stringify(input));
    if (!r.ok) assert.match(r.message, message);
  }
});

test('print parameters: CSS @page wins, tagged/outline/background on by default, units converted to inches', () => {
  const p = printParams({}, 2);
  assert.equal(p.preferCSSPageSize, true);
  assert.equal(p.generateTaggedPDF, true);
  assert.equal(p.generateDocumentOutline, true);
  assert.equal(p.printBackground, true);
  assert.equal(p.paperWidth, 8.5);
  const q = printParams({ format: 'a4', width: '210mm', margin: { top: '2.54cm', left: 96 }, tagged: false }, 2);
  assert.ok(Math.abs((q.paperWidth as number) - 8.2677) < 0.001);
  assert.equal(q.paperHeight, 11.6929);
  assert.equal(q.marginTop, 1);
  assert.equal(q.marginLeft, 1);
  // A side pdf.margin leaves out takes the print defaults' margin: Chromium's 1 cm now, 0 for versions
  // committed under the first print defaults.
  assert.equal(q.marginRight, 1 / 2.54);
  assert.equal(printParams({ margin: { top: '2.54cm' } }, 1).marginRight, 0);
  assert.equal(p.marginBottom, 1 / 2.54);
  assert.equal(printParams({}, 1).marginBottom, 0);
  assert.equal(q.generateTaggedPDF, false);
});
