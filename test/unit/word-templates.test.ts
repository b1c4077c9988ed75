// Word templates (domain/office/word-templates.ts): the commit-time check of their +++ tags
// (sandbox/word-template-check.ts) and the fill from a payload (sandbox/word-template.ts), run here
// directly (a sandbox thread runs the same functions), on a template written with the `docx` package.
// The filled DOCX is read back as Word's XML text.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import JSZip from 'jszip';
import { checkCommit } from '../../src/domain/deploys/commit-check.js';
import { resolveEngine } from '../../src/domain/deploys/template-engines.js';
import { checkWordTemplate } from '../../src/sandbox/word-template-check.js';
import { fillWordTemplate } from '../../src/sandbox/word-template.js';
import { wordInvoicePayload, wordInvoiceTemplate } from '../fixtures/word-invoice.js';
import { solidPng } from '../helpers/real-documents.js';

/** The text of each paragraph of the filled document, and its media files. */
async function read(docx: Uint8Array) {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  const paragraphs = xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter((t) => t !== '');
  const media = await Promise.all(
    Object.keys(zip.files)
      .filter((f) => /^word\/media\/.+/.test(f))
      .map(async (f) => zip.file(f)!.async('nodebuffer')),
  );
  return { text: paragraphs.join('\n'), paragraphs, media };
}

const fill = (
  template: Uint8Array,
  payload: unknown,
  images: Record<string, Uint8Array> = { 'logo.png': solidPng() },
  timeoutMs = 10_000,
) => fillWordTemplate({ template, payloadJson: JSON.stringify(payload), images, timeoutMs });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    assert.equal((err as Error).name, 'WordTemplateError');
    return (err as Error).message;
  }
  assert.fail('the fill succeeded');
};

describe('Word templates', () => {
  let template: Buffer;
  before(async () => {
    template = await wordInvoiceTemplate();
  });

  test('render.engine docx makes a .docx entry a Word template; other entries are refused', () => {
    assert.deepEqual(resolveEngine('docx', '/invoice.docx'), { engine: 'docx' });
    assert.deepEqual(resolveEngine(undefined, '/invoice.docx'), { engine: null }, 'without it a .docx is a document converted as it is');
    assert.match((resolveEngine('docx', '/index.html') as { problem: string }).problem, /needs an entry ending in \.docx/);
    assert.match((resolveEngine('jinja', '/index.html') as { problem: string }).problem, /html, handlebars.*docx/);
    const commit = checkCommit(
      {
        entries: [{ path: 'invoice.docx', blobHash: 'a'.repeat(64), size: 3 }],
        render: { route: '/invoice.docx', title: 't', engine: 'docx' },
      },
      { maxFilesPerDeployCommit: null, maxBytesPerDeployCommit: null, maxRenderTimeoutMs: null },
      null,
    );
    assert.ok(commit.ok);
    assert.deepEqual([commit.entryPath, commit.engine], ['/invoice.docx', 'docx']);
  });

  test('a loop of 50 lines, a condition, an image and the helpers fill from the payload', async () => {
    const paid = await read(await fill(template, wordInvoicePayload(50, true)));
    assert.match(paid.text, /^Invoice INV-2026-0042$/m, 'a command split across two runs');
    assert.match(paid.text, /^Customer: Blue Harbor Logistics Ltd\.$/m);
    assert.match(paid.text, /^Date: November 27, 2026$/m);
    const rows = paid.paragraphs.filter((p) => /^Item \d+$/.test(p));
    assert.deepEqual(
      rows,
      Array.from({ length: 50 }, (_, i) => `Item ${i + 1}`),
    );
    assert.match(paid.text, /^Item 50\n49\.50\n€59\.00$/m, 'each line with its number and currency helpers');
    assert.match(paid.text, /^Total: €1,234\.50$/m);
    assert.match(paid.text, /^Paid in full, thank you\.$/m);
    assert.match(paid.text, /^50 lines in all\.$/m);
    assert.doesNotMatch(paid.text, /\+\+\+/, 'no command is left');
    assert.equal(paid.media.length, 1);
    assert.deepEqual(paid.media[0], solidPng(), 'the bundle image, as it is');

    const dataUrl = `data:image/png;base64,${solidPng().toString('base64')}`;
    const unpaid = await read(await fill(template, wordInvoicePayload(3, false, { signature: dataUrl, locale: 'de-DE' })));
    assert.doesNotMatch(unpaid.text, /Paid in full/, 'the condition is false');
    assert.equal(unpaid.paragraphs.filter((p) => /^Item \d+$/.test(p)).length, 3);
    assert.match(unpaid.text, /^Total: 1\.234,50\s€$/m, 'the payload’s locale');
    assert.match(unpaid.text, /^Date: 27\. November 2026$/m);
    assert.equal(unpaid.media.length, 2, 'the payload’s image too');
  });

  test('a command that fails at fill time names itself and why', async () => {
    const missing = await failure(fill(template, { ...wordInvoicePayload(1, true), customer: undefined }));
    assert.match(missing, /customer\.name.*ReferenceError: customer is not defined/);
    const badImage = await failure(fill(template, wordInvoicePayload(1, true, { signature: 'bm90IGFuIGltYWdlIGF0IGFsbCE=' })));
    assert.match(badImage, /image\(signature, 4\).*is not a PNG, JPEG or GIF image/);
    const noFile = await failure(fill(template, wordInvoicePayload(1, true), {}));
    assert.match(noFile, /logo\.png is not an image file of the bundle/);
    assert.match(
      await failure(fillWordTemplate({ template: Buffer.from('not a zip'), payloadJson: '{}', images: {}, timeoutMs: 1000 })),
      /./,
    );
  });

  test('commands reach only the payload and the helpers: no realm of the server, no code from strings, bounded in time', async () => {
    const probe = async (command: string) => {
      const t = await wordInvoiceTemplate({ numberParagraph: `+++${command}+++` });
      try {
        return (await read(await fill(t, wordInvoicePayload(1, true), undefined, 2_000))).paragraphs[0];
      } catch (err) {
        return `failed: ${(err as Error).message}`;
      }
    };
    assert.equal(
      await probe('INS typeof process + typeof require + typeof Buffer + typeof setTimeout'),
      'undefinedundefinedundefinedundefined',
    );
    for (const escape of [
      'INS lines.constructor.constructor("return process")().pid',
      'INS this.constructor.constructor("return process")().pid',
      'INS formatNumber.constructor("return 1")()',
      'INS customer.name.constructor.constructor("return globalThis")().process.pid',
      'INS eval("1 + 1")',
      'INS Object.getPrototypeOf(folio).constructor.constructor("return 1")()',
    ])
      assert.match(await probe(escape), /failed: .*EvalError: Code generation from strings disallowed/, escape);
    // Payload keys named like the context's own globals shadow them for commands only: the loop still works.
    const shadowing = `{"JSON": 1, "__proto__": {"polluted": true}, ${JSON.stringify(wordInvoicePayload(2, true)).slice(1)}`;
    const shadowed = await read(
      await fillWordTemplate({ template, payloadJson: shadowing, images: { 'logo.png': solidPng() }, timeoutMs: 10_000 }),
    );
    assert.deepEqual(
      shadowed.paragraphs.filter((p) => /^Item \d+$/.test(p)),
      ['Item 1', 'Item 2'],
    );
    // The library writes text between two "||" as raw XML: a payload's text stays text.
    const injected = 'A||</w:t></w:r><w:r><w:t>INJECTED</w:t></w:r><w:r><w:t>||B';
    const filled = await read(await fill(template, wordInvoicePayload(1, true, { customer: { name: injected } })));
    assert.ok(filled.paragraphs.includes(`Customer: ${injected.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`), filled.text);
    // An endless loop is stopped at the fill's time (the probe gives the fill 2 s): the script's own limit is
    // what is left of those, never more.
    const endless = await probe('EXEC while (true) {}');
    const limit = /failed: .*Script execution timed out after (\d+)ms/.exec(endless);
    assert.ok(limit, endless);
    assert.ok(Number(limit[1]) <= 2_000, `stopped at ${limit[1]} ms, a limit of its own rather than the fill's time`);
  });

  test('a broken tag is found at commit, named as written', async () => {
    assert.equal(await checkWordTemplate(template), null, 'the invoice template is fine');
    const cases: Array<[string, string | null, RegExp]> = [
      ['+++INS total(+++', 'INS total(', /not valid JavaScript/],
      ['+++FOR x IN+++', 'FOR x IN', /a loop is written FOR name IN list/],
      ['+++IF paid+++', 'IF paid', /is never closed: add \+\+\+END-IF\+\+\+/],
      ['+++INS invoice.number', 'INS invoice.number', /never closed/],
      ['+++END-FOR line+++', 'END-FOR line', /closes no FOR/],
      ['+++FOR row IN lines+++ +++END-FOR line+++', 'END-FOR line', /write END-FOR row/],
      ['+++*missing+++', null, /Unknown alias/],
    ];
    for (const [paragraph, tag, message] of cases) {
      const p = await checkWordTemplate(await wordInvoiceTemplate({ numberParagraph: paragraph }));
      assert.ok(p, paragraph);
      assert.equal(p.tag, tag, paragraph);
      assert.match(p.message, message, paragraph);
    }
    assert.match((await checkWordTemplate(Buffer.from('PK not really')))!.message, /not a DOCX/);
    assert.equal(await checkWordTemplate(template, ['logo.png', 'img/other.jpg']), null, 'the image it names is in the version');
    const missing = await checkWordTemplate(template, ['img/logo.png']);
    assert.deepEqual(missing, {
      tag: 'IMAGE image("logo.png", 3)',
      message: '+++IMAGE image("logo.png", 3)+++: logo.png is not a PNG, JPEG or GIF file of the version',
    });
  });
});
