// Word templates through Folio as a user meets them: `folio deploy --engine docx` of a folder with a DOCX
// invoice template (written with the `docx` package), its logo and a sample payload; render jobs filled in
// the sandbox and converted by real LibreOffice, read back with poppler (the payload's values, 50 lines,
// the condition present or absent by payload); a broken tag refused at deploy naming it; a runtime error a
// failed job with template_render_failed. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { startInProcessCli, type InProcessCli } from '../helpers/cli-in-process.js';
import { pdfText } from '../helpers/pdf.js';
import { solidPng } from '../helpers/real-documents.js';
import { wordInvoicePayload, wordInvoiceTemplate } from '../fixtures/word-invoice.js';

describe('Word templates: deploy, fill, convert', () => {
  let app: TestApp;
  let cli: InProcessCli;
  let env: NodeJS.ProcessEnv;
  let deployId: string;
  const work = tempDir('folio-word-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    app.startBackground();
    cli = startInProcessCli();
    env = {
      PATH: process.env.PATH,
      HOME: work,
      XDG_CONFIG_HOME: path.join(work, 'config'),
      FOLIO_API_URL: `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`,
      FOLIO_API_KEY: app.key,
    };
  });
  after(async () => {
    await cli.close();
    await app.close();
  });

  async function folder(name: string, template: Buffer) {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'invoice.docx'), template);
    fs.writeFileSync(path.join(dir, 'logo.png'), solidPng());
    fs.writeFileSync(path.join(dir, 'sample-payload.json'), JSON.stringify(wordInvoicePayload(2, true)));
    return dir;
  }

  async function render(payload: unknown) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId, deployVersionId: 'latest', payload }),
    });
    return { status: res.statusCode, pdf: res.rawPayload, body: res.statusCode === 200 ? null : JSON.parse(res.body) };
  }

  test('folio deploy --engine docx makes the folder’s .docx the entry of a Word template version', async () => {
    const dir = await folder('invoice', await wordInvoiceTemplate());
    const r = await cli.run(['deploy', dir, '--engine', 'docx', '--json'], { cwd: work, env });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.deployVersion.engine, 'docx');
    assert.equal(out.deployVersion.route, '/invoice.docx');
    deployId = out.deployId;
  });

  test('a job fills the template from its payload and converts it: 50 lines, the helpers, the condition by payload', async () => {
    const paid = await render(wordInvoicePayload(50, true));
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.pdf.subarray(0, 5).toString(), '%PDF-');
    const text = pdfText(paid.pdf);
    assert.match(text, /Invoice INV-2026-0042/);
    assert.match(text, /Customer: Blue Harbor Logistics Ltd\./);
    assert.match(text, /Date: November 27, 2026/);
    const lines = [...text.matchAll(/Item (\d+)\s+(\d+)\.50\s+€(\d+)\.00/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    assert.deepEqual(
      lines,
      Array.from({ length: 50 }, (_, i) => [i + 1, i, 10 + i]),
      'the 50 lines, in order, with their numbers',
    );
    assert.match(text, /Total: €1,234\.50/);
    assert.match(text, /Paid in full, thank you\./);
    assert.match(text, /50 lines in all\./);

    const unpaid = await render(wordInvoicePayload(3, false, { locale: 'de-DE', customer: { name: 'Nordlicht GmbH' } }));
    assert.equal(unpaid.status, 200, JSON.stringify(unpaid.body));
    const t2 = pdfText(unpaid.pdf);
    assert.doesNotMatch(t2, /Paid in full/);
    assert.match(t2, /Customer: Nordlicht GmbH/);
    assert.match(t2, /Total: 1\.234,50\s€/);
    assert.match(t2, /Date: 27\. November 2026/);
  });

  test('a command that fails at run time fails the job with template_render_failed naming it', async () => {
    const r = await render({ ...wordInvoicePayload(1, true), customer: undefined });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.details.jobErrorCode, 'template_render_failed');
    assert.match(
      r.body.message,
      /Word template invoice\.docx: the command \+\+\+customer\.name\+\+\+ failed: ReferenceError: customer is not defined/,
    );
    const notImage = await render(wordInvoicePayload(1, true, { signature: 'bm90IGFuIGltYWdlIGF0IGFsbCE=' }));
    assert.equal(notImage.body.details.jobErrorCode, 'template_render_failed');
    assert.match(notImage.body.message, /is not a PNG, JPEG or GIF image/);
  });

  test('folio init --engine docx writes a Word invoice that deploys and prints its sample payload', async () => {
    const init = await cli.run(['init', 'word-init', '--engine', 'docx'], { cwd: work, env });
    assert.equal(init.code, 0, init.stderr);
    assert.match(
      init.stdout,
      /^created invoice\.docx, payload\.schema\.json, sample-payload\.json in word-init\nnext: edit invoice\.docx in Word, then folio deploy word-init --engine docx/,
    );
    const deployed = await cli.run(['deploy', 'word-init', '--engine', 'docx', '--json'], { cwd: work, env });
    assert.equal(deployed.code, 0, deployed.stderr);
    const { deployId: id } = JSON.parse(deployed.stdout);
    const sample = JSON.parse(fs.readFileSync(path.join(work, 'word-init', 'sample-payload.json'), 'utf8'));
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId: id, deployVersionId: 'latest', payload: sample }),
    });
    assert.equal(res.statusCode, 200, res.body);
    // The scaffold's schema checks the payload: no payload_schema_missing warning on its first render.
    assert.equal(res.headers['folio-warnings'], undefined, String(res.headers['folio-warnings']));
    const refused = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId: id, deployVersionId: 'latest', payload: { ...sample, lines: 'none' } }),
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(JSON.parse(refused.body).error, 'payload_invalid');
    const text = pdfText(res.rawPayload);
    assert.match(text, /Invoice INV-2026-0001/);
    assert.match(text, /Blue Harbor Logistics Ltd\./);
    assert.match(text, /Date: November 27, 2026\s+Due: December 27, 2026/);
    assert.match(text, /Template design\s+4\s+€95\.00\s+€380\.00/);
    assert.match(text, /PDF rendering \(1,000 documents\)\s+1\s+€49\.50\s+€49\.50/);
    assert.match(text, /Total: €429\.50/);
    assert.match(text, /Note: Payable by bank transfer within 30 days\./);
    assert.match(text, /2 lines\. Thank you for your business\./);
  });

  test('a broken tag is refused at deploy, naming it; no version is made', async () => {
    const dir = await folder('broken', await wordInvoiceTemplate({ numberParagraph: 'Invoice +++IF invoice.number+++' }));
    const r = await cli.run(['deploy', dir, '--engine', 'docx', '--slug', 'broken-word'], { cwd: work, env });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /template_syntax_error/);
    assert.match(r.stderr, /invoice\.docx: \+\+\+IF invoice\.number\+\+\+ is never closed: add \+\+\+END-IF\+\+\+/);
    const deploys = await app.api('GET', '/v1/deploys?limit=100');
    const broken = deploys.body.items.find((d: { slug: string }) => d.slug === 'broken-word');
    assert.equal(broken, undefined, 'the deploy the refused upload created is gone with it');
  });
});
