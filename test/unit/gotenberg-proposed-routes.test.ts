// The forms of the routes proposed to Gotenberg (src/domain/gotenberg/pdf-engines.ts, pdf-stamp-form.ts,
// pdf-image-form.ts), called directly: add-password, attachments/add and stamp/bulk as PDF-job steps, and the
// image route's fields and page selection. Their HTTP answers are test/integration/gotenberg-proposed-routes.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { enginePlan, type EngineForm, type EngineRoute } from '../../src/domain/gotenberg/pdf-engines.js';
import { bulkStampSteps } from '../../src/domain/gotenberg/pdf-stamp-form.js';
import { imageName, imagePages, pdfImageForm } from '../../src/domain/gotenberg/pdf-image-form.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const PDF = Buffer.from('%PDF-1.7\n');

const formOf = (fields: Record<string, string>, extra: EngineForm['extra'] = []): EngineForm => ({
  fields: new Map(Object.entries(fields)),
  repeated: new Map(),
  extra,
  inputs: ['a.pdf'],
});
const plan = (route: EngineRoute, fields: Record<string, string>, extra: EngineForm['extra'] = []) =>
  enginePlan(route, formOf(fields, extra));

test('add-password: userPassword is required; the owner password is a random one unless given', () => {
  assert.deepEqual(plan('add-password', {}), { problem: { field: 'userPassword', message: 'userPassword: is required' } });
  assert.equal((plan('add-password', { ownerPassword: 'o' }) as any).problem.field, 'userPassword');
  const alone = plan('add-password', { userPassword: 'u' }) as any;
  assert.equal(alone.steps.length, 1);
  assert.equal(alone.steps[0].type, 'encrypt');
  assert.equal(alone.steps[0].userPassword, 'u');
  assert.ok(alone.steps[0].ownerPassword.length >= 24 && alone.steps[0].ownerPassword !== 'u');
  assert.ok(Object.values(alone.steps[0].permissions).every((v) => v === true));
  assert.equal((plan('add-password', { userPassword: 'u', ownerPassword: 'o' }) as any).steps[0].ownerPassword, 'o');
  assert.equal((plan('add-password', { userPassword: 'u', allowPrinting: 'false' }) as any).problem.field, 'allowPrinting');
});

test('attachments/add: the attachments files as an attachments step, no other file field', () => {
  const p = plan('attachments/add', {}, [{ field: 'attachments', name: 'data.xml', bytes: Buffer.from('<x/>') }]) as any;
  assert.deepEqual(p.steps, [{ type: 'attachments', add: [{ name: 'data.xml', contentBase64: 'PHgvPg==', mimeType: 'application/xml' }] }]);
  assert.deepEqual((plan('attachments/add', {}) as any).steps, []);
  assert.equal((plan('attachments/add', {}, [{ field: 'embeds', name: 'd.xml', bytes: PDF }]) as any).problem.field, 'embeds');
  assert.equal((plan('embed', {}, [{ field: 'attachments', name: 'd.xml', bytes: PDF }]) as any).problem.field, 'attachments');
  assert.equal((plan('attachments/add', { embedsMetadata: '{}' }) as any).problem.field, 'embedsMetadata');
});

test('stamp/bulk: entries in order, files by name, each entry its own PDF key', () => {
  const stamps = JSON.stringify([
    { source: 'text', expression: 'PAID', options: { rot: '45', scale: '0.5 abs' } },
    { source: 'image', file: 'logo.png', options: { pos: 'br' }, pages: '1' },
    { source: 'pdf', file: 'page.pdf' },
    { source: 'image', file: 'logo.png', options: { op: 0.5 } },
  ]);
  const p = plan('stamp/bulk', { stamps }, [
    { field: 'stamp', name: 'logo.png', bytes: PNG },
    { field: 'stamp', name: 'page.pdf', bytes: PDF },
  ]) as any;
  assert.deepEqual(
    p.steps.map((s: any) => [s.type, s.text, s.rotation, s.position, s.pages, s.image?.contentBase64, s.pdf?.pdfId, s.opacity]),
    [
      ['stamp', 'PAID', 45, undefined, undefined, undefined, undefined, undefined],
      ['stamp', undefined, undefined, 'bottom-right', '1', PNG.toString('base64'), undefined, undefined],
      ['stamp', undefined, undefined, undefined, undefined, undefined, 'gotenberg:stamp:2', undefined],
      ['stamp', undefined, undefined, undefined, undefined, PNG.toString('base64'), undefined, 0.5],
    ],
  );
  assert.deepEqual(Object.keys(p.pdfs), ['gotenberg:stamp:2']);
  assert.deepEqual(p.warnings, ['stamps[0].options.scale is not honoured: Folio draws the stamp with its own size']);
});

test('stamp/bulk: each problem names stamps (and the entry) or the stamp file', () => {
  const bulk = (stamps: string, files: Array<{ name: string; bytes: Buffer }>) => bulkStampSteps(stamps, files) as any;
  const none: Array<{ name: string; bytes: Buffer }> = [];
  const cases: Array<[string, Array<{ name: string; bytes: Buffer }>, string, RegExp]> = [
    ['', none, 'stamps', /is required/],
    ['{"source":"text"}', none, 'stamps', /JSON array/],
    ['[]', none, 'stamps', /at least one/],
    ['[{"source":"image","file":"watermark.png","pages":"1"}]', none, 'stamps', /entry 0: no stamp file is named "watermark.png"/],
    ['[{"source":"image"}]', none, 'stamps', /entry 0: an image stamp names its stamp file/],
    ['[{"source":"text","expression":"A"},{"source":"text"}]', none, 'stamps', /entry 1: expression: a text stamp needs/],
    ['[{"source":"html"}]', none, 'stamps', /entry 0: source: must be text, image or pdf/],
    ['[{"source":"text","expression":"A","options":{"wobble":"1"}}]', none, 'stamps', /entry 0: options: wobble is not an option/],
    ['[{"source":"text","expression":"A"}]', [{ name: 'logo.png', bytes: PNG }], 'stamp', /names the stamp file logo.png/],
    [
      '[{"source":"image","file":"logo.png"}]',
      [
        { name: 'logo.png', bytes: PNG },
        { name: 'logo.png', bytes: PNG },
      ],
      'stamp',
      /two stamp files are named logo.png/,
    ],
  ];
  for (const [stamps, files, field, message] of cases) {
    const r = bulk(stamps, files);
    assert.equal(r.problem?.field, field, stamps);
    assert.match(r.problem.message, message, stamps);
  }
  assert.equal((plan('stamp/bulk', { stamps: '[]', stampSource: 'text' }) as any).problem.field, 'stampSource');
});

test('convert/image: format, dpi, quality, pages with Gotenberg defaults and Folio bounds', () => {
  const f = (fields: Record<string, string>) => pdfImageForm(new Map(Object.entries(fields))) as any;
  assert.deepEqual(f({}), { format: 'png', dpi: 150, quality: 100, first: 1, last: null, warnings: [] });
  assert.deepEqual(f({ format: 'jpeg', dpi: '100', quality: '80', firstPage: '0', lastPage: '' }), {
    format: 'jpeg',
    dpi: 100,
    quality: 80,
    first: 1,
    last: null,
    warnings: [],
  });
  assert.deepEqual(f({ format: 'tiff', quality: '80' }).warnings, [
    'quality is not honoured: tiff images are lossless (quality applies to jpeg)',
  ]);
  for (const [fields, field] of [
    [{ format: 'foo' }, 'format'],
    [{ format: 'webp' }, 'format'],
    [{ dpi: '17' }, 'dpi'],
    [{ dpi: '601' }, 'dpi'],
    [{ dpi: '1.5' }, 'dpi'],
    [{ quality: '101' }, 'quality'],
    [{ firstPage: '-1' }, 'firstPage'],
    [{ firstPage: '3', lastPage: '2' }, 'lastPage'],
    [{ width: '100' }, 'width'],
  ] as Array<[Record<string, string>, string]>)
    assert.equal(f(fields).problem?.field, field, JSON.stringify(fields));
});

test('convert/image: each file from firstPage to lastPage within its pages, at most 200 pages a request', () => {
  const files = [
    { name: 'a.pdf', pages: 3 },
    { name: 'b.pdf', pages: 5 },
  ];
  assert.deepEqual(imagePages({ first: 2, last: 4 }, files), [
    { first: 2, last: 3 },
    { first: 2, last: 4 },
  ]);
  assert.deepEqual(imagePages({ first: 1, last: null }, files), [
    { first: 1, last: 3 },
    { first: 1, last: 5 },
  ]);
  assert.equal((imagePages({ first: 4, last: null }, files) as any).problem.field, 'firstPage');
  assert.equal((imagePages({ first: 1, last: null }, [{ name: 'big.pdf', pages: 201 }]) as any).problem.field, 'lastPage');
  assert.deepEqual(imagePages({ first: 1, last: 200 }, [{ name: 'big.pdf', pages: 500 }]), [{ first: 1, last: 200 }]);
  assert.equal(imageName('report.PDF', 0, 'png'), 'report-1.png');
  assert.equal(imageName('pages_3.pdf', 1, 'jpeg'), 'pages_3-2.jpeg');
});
