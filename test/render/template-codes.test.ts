// qrCode and barcode in the HTML template languages (domain/deploys/template-codes.ts), printed by the real
// Chromium and read back from the PDF: pages rasterised by poppler at 200 dpi, QR codes and linear codes
// decoded by zbarimg, DataMatrix by dmtxread (test/helpers/barcodes.ts). Each code is drawn as vector
// paths (the PDF holds no raster image). And a template's own helpers.js in each language: its helper
// used, its error named with helpers.js' line; Handlebars' missing helper and Nunjucks' Jinja2-only
// `{% set ns.x %}` named with the template's file and line.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Renderer } from '../../src/render/renderer.js';
import type { RenderError } from '../../src/render/types.js';
import { EPC_PAYMENT, dataMatrixCodes, zbarCodes } from '../helpers/barcodes.js';
import { withPdfFile } from '../helpers/pdf.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

const EPC = EPC_PAYMENT;
const payload = { epc: EPC, number: 'INV-2026-0042', gtin: '4006381333931', lot: 'LOT-77' };

async function print(engine: string, entry: string, files: Record<string, string>, data: unknown = payload) {
  const out = memorySink();
  await renderer.render(
    request({ bundle: bundle(files), engine: engine as never, entryPath: entry, payload: Buffer.from(JSON.stringify(data)) }),
    out.sink,
  );
  return out.bytes();
}

const TEMPLATES: Record<string, { entry: string; source: string }> = {
  handlebars: {
    entry: '/index.hbs',
    source: `<p>Pay: {{qrCode epc "35mm"}}</p><p>{{barcode "code128" number}}</p><p>{{barcode "ean13" gtin "40mm" "includetext"}}</p><p>{{barcode "datamatrix" lot "20mm"}}</p>`,
  },
  liquid: {
    entry: '/index.liquid',
    source: `<p>Pay: {{ epc | qrCode: "35mm" }}</p><p>{{ number | barcode: "code128" }}</p><p>{{ gtin | barcode: "ean13", "40mm", "includetext" }}</p><p>{{ lot | barcode: "datamatrix", "20mm" }}</p>`,
  },
  nunjucks: {
    entry: '/index.njk',
    source: `<p>Pay: {{ qrCode(epc, "35mm") }}</p><p>{{ number | barcode("code128") }}</p><p>{{ barcode("ean13", gtin, "40mm", "includetext") }}</p><p>{{ barcode("datamatrix", lot, "20mm") }}</p>`,
  },
};

describe('qrCode and barcode print codes that read back to their text', () => {
  for (const [engine, t] of Object.entries(TEMPLATES)) {
    test(`${engine}: an EPC payment QR, Code 128, EAN-13 and DataMatrix, as vectors`, async () => {
      const pdf = await print(engine, t.entry, { [t.entry]: `<!doctype html><html><body style="margin:20mm">${t.source}</body></html>` });
      const codes = zbarCodes(pdf);
      assert.deepEqual(
        codes.map((c) => `${c.type}:${c.text}`).sort(),
        [`CODE-128:${payload.number}`, `EAN-13:${payload.gtin}`, `QR-Code:${EPC}`].sort(),
        JSON.stringify(codes),
      );
      assert.deepEqual(dataMatrixCodes(pdf), [{ type: 'DataMatrix', text: payload.lot }]);
      const images = withPdfFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
      assert.equal(images.trim().split('\n').length, 2, `no raster image, only the list's header: ${images}`);
    });
  }

  test('Mustache: the lambda sections', async () => {
    const pdf = await print('mustache', '/index.mustache', {
      '/index.mustache':
        '<!doctype html><body style="margin:20mm">{{#qrCode}}{{{epc}}}{{/qrCode}}<p>{{#barcode}}code128 {{number}}{{/barcode}}</p></body>',
    });
    assert.deepEqual(
      zbarCodes(pdf)
        .map((c) => `${c.type}:${c.text}`)
        .sort(),
      [`CODE-128:${payload.number}`, `QR-Code:${EPC}`],
    );
  });

  test('a text the symbology cannot encode fails the job naming the template line', async () => {
    await assert.rejects(
      print('handlebars', '/index.hbs', { '/index.hbs': '<p>ok</p>\n<p>{{barcode "ean13" number}}</p>' }),
      (err: RenderError) => err.code === 'template_render_failed' && /index\.hbs:2:\d+: .*ean13/i.test(err.message),
    );
  });
});

const HELPERS: Record<string, { entry: string; source: string; helpers: string }> = {
  handlebars: {
    entry: '/index.hbs',
    source: '<p>Total {{mul qty price}} / {{shout name}}</p>',
    helpers: `Handlebars.registerHelper('mul', (a, b) => a * b);\nHandlebars.registerHelper('shout', (s) => folio.formatNumber(s.length) + ' ' + String(s).toUpperCase());\nHandlebars.registerHelper('boom', () => { throw new Error('helper refused'); });`,
  },
  liquid: {
    entry: '/index.liquid',
    source: '<p>Total {{ qty | mul: price }} / {{ name | shout }}</p>',
    helpers: `liquid.registerFilter('mul', (a, b) => a * b);\nliquid.registerFilter('shout', (s) => folio.formatNumber(s.length) + ' ' + String(s).toUpperCase());\nliquid.registerFilter('boom', () => { throw new Error('helper refused'); });`,
  },
  nunjucks: {
    entry: '/index.njk',
    source: '<p>Total {{ qty | mul(price) }} / {{ name | shout }}</p>',
    helpers: `env.addFilter('mul', (a, b) => a * b);\nenv.addFilter('shout', (s) => folio.formatNumber(s.length) + ' ' + String(s).toUpperCase());\nenv.addGlobal('boom', () => { throw new Error('helper refused'); });`,
  },
};
const BOOM: Record<string, string> = { handlebars: '{{boom 1}}', liquid: '{{ 1 | boom }}', nunjucks: '{{ boom() }}' };

describe("a template's own helpers.js", () => {
  for (const [engine, t] of Object.entries(HELPERS)) {
    test(`${engine}: its helper renders, and one that throws names helpers.js and its line`, async () => {
      const files = { [t.entry]: `<!doctype html>${t.source}`, '/helpers.js': t.helpers };
      const text = pdfText(await print(engine, t.entry, files, { qty: 6, price: 7, name: 'folio' }));
      assert.match(text, /Total 42 \/ 5 FOLIO/);
      await assert.rejects(
        print(engine, t.entry, { ...files, [t.entry]: `<!doctype html>\n<p>${BOOM[engine]}</p>` }, {}),
        (err: RenderError) =>
          err.code === 'template_render_failed' &&
          new RegExp(`${t.entry.slice(1).replace('.', '\\.')}:2:\\d+: .*helper refused.*helpers\\.js:3:\\d+`).test(err.message),
      );
    });
  }

  test("Handlebars: the arithmetic helpers, in subexpressions too; a field with a helper's name, without arguments, is the field", async () => {
    const text = pdfText(
      await print(
        'handlebars',
        '/index.hbs',
        {
          '/index.hbs':
            '<p>SUM[{{formatNumber (multiply qty price) 2}}] THIRD[{{round (divide 10 3) 2}}] DIFF[{{subtract (add 1 2) 4}}] FIELD[{{round}}] CODE[{{barcode}}]</p>',
        },
        { qty: 6, price: 7, round: 'first', barcode: '4006381333931' },
      ),
    );
    assert.match(text, /SUM\[42\.00\] THIRD\[3\.33\] DIFF\[-1\] FIELD\[first\] CODE\[4006381333931\]/);
  });

  test('an error while helpers.js runs names helpers.js and its line', async () => {
    await assert.rejects(
      print('nunjucks', '/index.njk', { '/index.njk': '<p>x</p>', '/helpers.js': 'env.addFilter("a", () => 1);\nenv.nosuch();' }),
      (err: RenderError) => err.code === 'template_render_failed' && /template error in helpers\.js:2:\d+: .*nosuch/.test(err.message),
    );
  });

  test('Handlebars: a missing helper names the file and line of its call, in a partial too', async () => {
    await assert.rejects(
      print('handlebars', '/index.hbs', { '/index.hbs': '<p>a</p>\n\n<p>{{> line}}</p>', '/partials/line.hbs': 'x\n  {{mul 2 3}}' }),
      (err: RenderError) =>
        err.code === 'template_render_failed' && /template error in partials\/line\.hbs:2:3: Missing helper: "mul"/.test(err.message),
    );
  });

  test("Nunjucks: Jinja2's {% set ns.sum = … %} names the file and line and says what to write instead", async () => {
    await assert.rejects(
      print('nunjucks', '/index.njk', { '/index.njk': '<p>a</p>\n{% set ns = {sum: 0} %}\n  {% set ns.sum = ns.sum + 1 %}' }),
      (err: RenderError) =>
        err.code === 'template_render_failed' &&
        /template error in index\.njk:3:3: Nunjucks does not support setting an attribute/.test(err.message) &&
        /\{% set sum = sum \+ line\.amount %\}/.test(err.message),
    );
  });
});
