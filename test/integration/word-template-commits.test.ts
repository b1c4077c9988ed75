// A Word template version through the HTTP API: committed with render.engine "docx" (its +++ tags
// checked in the sandbox), refused with 400 template_syntax_error naming the broken tag, nothing created;
// the engine shows on the version. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { solidPng } from '../helpers/real-documents.js';
import { wordInvoiceTemplate } from '../fixtures/word-invoice.js';

describe('Word template commits', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const render = { route: '/invoice.docx', title: 'Invoice', engine: 'docx' };

  test('a template commits as a docx version', async () => {
    const v = await deployFiles(
      app,
      { createDeploy: { slug: 'word-invoice', name: 'Word invoice' } },
      [file('invoice.docx', await wordInvoiceTemplate()), file('logo.png', solidPng())],
      render,
    );
    assert.equal(v.status, 201, JSON.stringify(v.body));
    assert.equal(v.body.deployVersion.engine, 'docx');
    const got = await app.api('GET', `/v1/deploys/${v.deployId}/versions/${v.body.deployVersion.id}`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.equal(got.body.deployVersion.engine, 'docx');
  });

  test('a broken tag is 400 template_syntax_error naming it; nothing is created', async () => {
    const before = (await app.api('GET', '/v1/deploys')).body.items.length;
    const bad = await deployFiles(
      app,
      { createDeploy: { slug: 'word-broken', name: 'Broken' } },
      [
        file('invoice.docx', await wordInvoiceTemplate({ numberParagraph: 'Invoice +++INS invoice.number +* 2+++' })),
        file('logo.png', solidPng()),
      ],
      render,
    );
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.error, 'template_syntax_error');
    assert.equal(bad.body.details.file, 'invoice.docx');
    assert.equal(bad.body.details.tag, 'INS invoice.number +* 2');
    assert.match(bad.body.message, /^invoice\.docx: \+\+\+INS invoice\.number \+\* 2\+\+\+: not valid JavaScript/);
    const unclosed = await deployFiles(
      app,
      { createDeploy: { slug: 'word-unclosed', name: 'Unclosed' } },
      [
        file('invoice.docx', await wordInvoiceTemplate({ numberParagraph: '+++FOR item IN invoice.items+++' })),
        file('logo.png', solidPng()),
      ],
      render,
    );
    assert.equal(unclosed.status, 400, JSON.stringify(unclosed.body));
    assert.equal(unclosed.body.details.tag, 'FOR item IN invoice.items');
    assert.match(unclosed.body.message, /never closed: add \+\+\+END-FOR item\+\+\+/);
    const noLogo = await deployFiles(
      app,
      { createDeploy: { slug: 'word-no-logo', name: 'No logo' } },
      [file('invoice.docx', await wordInvoiceTemplate())],
      render,
    );
    assert.equal(noLogo.status, 400, JSON.stringify(noLogo.body));
    assert.equal(noLogo.body.error, 'template_syntax_error');
    assert.equal(noLogo.body.details.tag, 'IMAGE image("logo.png", 3)');
    assert.match(noLogo.body.message, /logo\.png is not a PNG, JPEG or GIF file of the version/);
    const notDocx = await deployFiles(
      app,
      { createDeploy: { slug: 'word-fake', name: 'Fake' } },
      [file('invoice.docx', 'plain text')],
      render,
    );
    assert.equal(notDocx.status, 400, JSON.stringify(notDocx.body));
    assert.equal(notDocx.body.error, 'office_input_invalid');
    assert.match(notDocx.body.message, /invoice\.docx cannot be converted: its content is not a docx document/);
    // A legacy Word file (an OLE compound file) renamed .docx.
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const legacy = await deployFiles(app, { createDeploy: { slug: 'word-legacy', name: 'Legacy' } }, [file('invoice.docx', cfb)], render);
    assert.equal(legacy.status, 400, JSON.stringify(legacy.body));
    assert.equal(legacy.body.error, 'office_input_invalid');
    assert.match(legacy.body.message, /invoice\.docx cannot be converted: it is a legacy Office file/);
    // A zip bomb named .docx: refused on its zip directory, before anything is inflated.
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', Buffer.alloc(40 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const bombed = await deployFiles(app, { createDeploy: { slug: 'word-bomb', name: 'Bomb' } }, [file('invoice.docx', bomb)], render);
    assert.equal(bombed.status, 400, JSON.stringify(bombed.body));
    assert.equal(bombed.body.error, 'office_input_invalid');
    assert.match(bombed.body.message, /expand \d+ times/);
    assert.equal((await app.api('GET', '/v1/deploys')).body.items.length, before, 'the refused commits left no empty deploy');
  });

  test('docx needs a .docx entry', async () => {
    const v = await deployFiles(app, { createDeploy: { slug: 'word-html', name: 'Html' } }, [file('index.html', '<p>x</p>')], {
      route: '/',
      title: 't',
      engine: 'docx',
    });
    assert.equal(v.status, 400, JSON.stringify(v.body));
    assert.equal(v.body.details.field, 'render.engine');
  });
});
