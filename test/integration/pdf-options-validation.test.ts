// The document options (PDF/A, metadata, attachments, Factur-X, joined PDFs) at the API's edge: every bad
// input of a render job (`pdf`, `attachments`, `eInvoice`) or of a version's `render.metadata.pdf` is a
// 400 `invalid_request` whose `details.field` names the field, and nothing is stored (no job, no payload,
// no meter, no version). A good job stores its document input beside the payload, shows what was asked
// (never the content) in the job view, loses the input when it ends, and Idempotency-Key replays compare
// these fields too.
// Runs on SQLite and, with FOLIO_TEST_ENGINE=postgres, on PostgreSQL + S3. No rendering here (the app is
// never started): test/e2e/pdf-jobs.test.ts renders.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { readJobDocumentInput } from '../../src/db/packed-inputs.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file, sampleBundle, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE_XML = fs.readFileSync(path.join(ROOT, 'examples/invoice/factur-x-sample.xml'), 'utf8');
const MAX_ATTACHMENTS = 3;
const MAX_ATTACHMENT_BYTES = 6000;

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Terms page one', 'Terms page two']) doc.addPage([300, 300]).drawText(text, { x: 20, y: 200, font, size: 14 });
  return Buffer.from(await doc.save());
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const csv = (name = 'data.csv', content = 'a,b\n1,2\n') => ({ name, mimeType: 'text/csv', relationship: 'Data', content: b64(content) });

describe('PDF document options: validation at job creation and at commit', () => {
  let app: TestApp;
  let auth: Record<string, string>;
  let deployId = '';
  let versionId = '';
  let pdfa2VersionId = '';
  let terms: Buffer;

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(
      plansFile,
      JSON.stringify({
        tight: { name: 'Tight', policy: { maxAttachmentsPerJob: MAX_ATTACHMENTS, maxAttachmentBytesPerJob: MAX_ATTACHMENT_BYTES } },
      }),
    );
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile } });
    const acct = await app.services.accounts.create({ name: 'Tight Co', plan: 'tight' });
    auth = { authorization: `Bearer ${acct.apiKey}` };
    terms = await twoPagePdf();
    const files: BundleFile[] = [...sampleBundle(), file('terms.pdf', terms), file('big.bin', Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 7))];
    const v1 = await deployFiles(
      app,
      { createDeploy: { slug: 'pdf-options', name: 'PDF options' } },
      files,
      {
        route: '/',
        title: 'T',
        metadata: { pdf: { standard: 'pdf/a-3b', append: ['terms.pdf'], metadata: { title: 'From the version' } } },
      },
      auth,
    );
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    deployId = v1.deployId;
    versionId = v1.version.id;
    const v2 = await deployFiles(app, { deployId }, files, { route: '/', title: 'T', metadata: { pdf: { standard: 'pdf/a-2b' } } }, auth);
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    pdfa2VersionId = v2.version.id;
  });
  after(() => app?.close());

  const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.api(method, url, body, { ...auth, ...headers });

  /** Rows and meters a refused request must leave as they were. */
  async function snapshot() {
    const db = app.services.ctx.db;
    const count = async (table: 'render_jobs' | 'render_payloads' | 'deploy_versions' | 'idempotency_keys') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const meters = await db.selectFrom('usage_counters').select(['meter', 'quantity']).orderBy('meter').execute();
    return {
      jobs: await count('render_jobs'),
      payloads: await count('render_payloads'),
      versions: await count('deploy_versions'),
      idempotencyKeys: await count('idempotency_keys'),
      meters: meters.map((m) => `${m.meter}=${m.quantity}`).join(','),
    };
  }

  async function refused(body: Record<string, unknown>, field: string, message?: RegExp, version = versionId) {
    const before = await snapshot();
    const res = await api('POST', `/v1/deploys/${deployId}/render-jobs`, { deployVersionId: version, payload: {}, ...body });
    assert.equal(res.status, 400, `${field}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.error, 'invalid_request', JSON.stringify(res.body));
    assert.equal(res.body.details?.field, field, JSON.stringify(res.body));
    if (message) assert.match(res.body.message, message);
    assert.deepEqual(await snapshot(), before, `${field}: nothing is stored`);
  }

  test('an unknown standard, a bad metadata field', async () => {
    await refused({ pdf: { standard: 'pdf/a-1b' } }, 'pdf.standard');
    await refused({ pdf: { metadata: { lang: 'not a tag!' } } }, 'pdf.metadata.lang', /BCP 47/);
    await refused({ pdf: { metadata: { title: 'a\u0001b' } } }, 'pdf.metadata.title', /control/);
    await refused({ pdf: { metadata: { colour: 'red' } } }, 'pdf.metadata.colour');
    await refused({ pdf: { compress: true } }, 'pdf.compress');
  });

  test('an e-invoice XML that is not a CrossIndustryInvoice, names another profile, or breaks its rules', async () => {
    const eInvoice = (xml: string, profile?: string) => ({ eInvoice: { standard: 'factur-x', ...(profile ? { profile } : {}), xml } });
    await refused(eInvoice('<rsm:CrossIndustryInvoice xmlns:rsm="x"><unclosed>'), 'eInvoice.xml', /namespace x/);
    await refused(
      eInvoice('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      'eInvoice.xml',
      /CrossIndustryInvoice/,
    );
    await refused(eInvoice('<!DOCTYPE x [<!ENTITY a "b">]><x/>'), 'eInvoice.xml', /DOCTYPE/);
    await refused(eInvoice(SAMPLE_XML, 'PLATINUM'), 'eInvoice.profile');
    await refused(eInvoice(SAMPLE_XML, 'EN 16931'), 'eInvoice.profile', /contradicts .* names "MINIMUM"/);
    // Broken rules: 400 einvoice_invalid, each finding with its rule, message and place.
    const before = await snapshot();
    const broken = SAMPLE_XML.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>999</ram:TypeCode>');
    const res = await api('POST', `/v1/deploys/${deployId}/render-jobs`, { deployVersionId: versionId, payload: {}, ...eInvoice(broken) });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error, 'einvoice_invalid');
    assert.equal(res.body.details.field, 'eInvoice.xml');
    assert.equal(res.body.details.profile, 'MINIMUM');
    assert.deepEqual(res.body.details.counts, { error: 1, warning: 0, information: 0 });
    const [finding] = res.body.details.findings;
    assert.equal(finding.severity, 'error');
    assert.equal(finding.location, '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode');
    assert.match(finding.message, /TypeCode/);
    assert.match(res.body.message, /not a valid MINIMUM e-invoice/);
    const malformed = SAMPLE_XML.replace('</rsm:ExchangedDocument>', '');
    const bad = await api('POST', `/v1/deploys/${deployId}/render-jobs`, {
      deployVersionId: versionId,
      payload: {},
      ...eInvoice(malformed),
    });
    assert.equal(bad.body.error, 'einvoice_invalid', JSON.stringify(bad.body));
    assert.equal(bad.body.details.findings[0].rule, 'XML', 'not well-formed');
    assert.deepEqual(await snapshot(), before, 'nothing is stored');
    await refused({ eInvoice: { standard: 'xrechnung', profile: 'MINIMUM', xml: SAMPLE_XML } }, 'eInvoice.standard');
    await refused({ eInvoice: { standard: 'factur-x', profile: 'MINIMUM' } }, 'eInvoice', /exactly one of xml .* and data/);
    await refused({ eInvoice: { standard: 'factur-x', xml: SAMPLE_XML, data: { 'ubl:Invoice': {} } } }, 'eInvoice', /exactly one/);
  });

  test('attachments: content, names, media types, relationships', async () => {
    await refused({ attachments: [csv(), { ...csv('b.csv'), content: 'not base64!' }] }, 'attachments[1].content', /base64/);
    await refused({ attachments: [{ ...csv(), bundlePath: '/terms.pdf' }] }, 'attachments[0].content', /exactly one/);
    await refused(
      { attachments: [{ name: 'x.csv', mimeType: 'text/csv', relationship: 'Data' }] },
      'attachments[0].content',
      /exactly one/,
    );
    await refused({ attachments: [csv('../etc/passwd')] }, 'attachments[0].name', /path/);
    await refused({ attachments: [csv('CON.csv')] }, 'attachments[0].name', /reserved/);
    await refused({ attachments: [csv('.hidden')] }, 'attachments[0].name');
    await refused({ attachments: [csv('a.csv'), csv('A.csv')] }, 'attachments[1].name', /already/);
    await refused({ attachments: [{ ...csv(), mimeType: 'text/csv; charset=utf-8' }] }, 'attachments[0].mimeType');
    await refused({ attachments: [{ ...csv(), relationship: 'Friend' }] }, 'attachments[0].relationship');
    await refused({ attachments: [{ ...csv(), bundlePath: undefined, content: undefined, url: 'https://x' }] }, 'attachments[0].url');
    await refused(
      { attachments: [csv('factur-x.xml')], eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: SAMPLE_XML } },
      'attachments[0].name',
      /reserved/,
    );
  });

  test("attachments over the plan's count or bytes", async () => {
    const four = [csv('1.csv'), csv('2.csv'), csv('3.csv'), csv('4.csv')];
    await refused({ attachments: four }, 'attachments', new RegExp(`allows ${MAX_ATTACHMENTS}`));
    const third = 'x'.repeat(MAX_ATTACHMENT_BYTES - 19); // 10 + 10 + this = the limit + 1
    await refused(
      { attachments: [csv('1.csv', '0123456789'), csv('2.csv', '0123456789'), csv('3.csv', third)] },
      'attachments[2].content',
      /maxAttachmentBytesPerJob/,
    );
    await refused(
      { eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: `${SAMPLE_XML}<!--${'x'.repeat(MAX_ATTACHMENT_BYTES)}-->` } },
      'eInvoice.xml',
      /allows/,
    );
    // A file of the version counts with its size.
    await refused(
      { attachments: [{ name: 'big.bin', mimeType: 'application/octet-stream', relationship: 'Source', bundlePath: 'big.bin' }] },
      'attachments[0].bundlePath',
      /maxAttachmentBytesPerJob/,
    );
  });

  test('a bundlePath that is not a file of the version, or not a path', async () => {
    const att = (bundlePath: string) => ({
      attachments: [{ name: 't.pdf', mimeType: 'application/pdf', relationship: 'Supplement', bundlePath }],
    });
    await refused(att('/missing.pdf'), 'attachments[0].bundlePath', /not a file of the job's version/);
    await refused(att('../terms.pdf'), 'attachments[0].bundlePath');
  });

  test('combinations the rules refuse, with the job standard or the version standard', async () => {
    const xml = { eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: SAMPLE_XML } };
    await refused({ pdf: { standard: 'pdf/a-2b' }, attachments: [csv()] }, 'attachments', /PDF\/A-2b/);
    await refused({ pdf: { standard: 'pdf/a-2b' }, ...xml }, 'pdf.standard', /PDF\/A-3b/);
    // The version says pdf/a-2b and the job sets no standard.
    await refused({ attachments: [csv()] }, 'attachments', /version's render.metadata.pdf.standard/, pdfa2VersionId);
    await refused(xml, 'eInvoice', /version's render.metadata.pdf.standard/, pdfa2VersionId);
  });

  test('a good e-invoice job: 202, the view shows what was asked and never the content; cancel removes the input', async () => {
    const body = {
      deployVersionId: versionId,
      payload: { n: 1 },
      pdf: { metadata: { title: 'Invoice 1', keywords: ['a', 'b'] } },
      attachments: [
        csv('data.csv'),
        { name: 'terms.pdf', mimeType: 'application/pdf', relationship: 'Supplement', bundlePath: 'terms.pdf' },
      ],
      // No profile: the one the XML's guideline id names.
      eInvoice: { standard: 'factur-x', xml: SAMPLE_XML },
    };
    const res = await api('POST', `/v1/deploys/${deployId}/render-jobs`, body);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const expected = {
      standard: 'pdf/a-3b',
      metadata: { title: 'Invoice 1', keywords: ['a', 'b'] },
      attachments: [
        { name: 'data.csv', mimeType: 'text/csv', relationship: 'Data', bytes: 8 },
        { name: 'terms.pdf', mimeType: 'application/pdf', relationship: 'Supplement', bytes: terms.length, bundlePath: '/terms.pdf' },
      ],
      eInvoice: { standard: 'factur-x', profile: 'MINIMUM', bytes: Buffer.byteLength(SAMPLE_XML) },
    };
    assert.deepEqual(res.body.job.document, expected);
    const jobId = res.body.job.id;
    const got = await api('GET', `/v1/render-jobs/${jobId}`);
    assert.deepEqual(got.body.job.document, expected);
    assert.ok(!JSON.stringify(got.body).includes('CrossIndustryInvoice'), 'the view never shows the XML');
    assert.ok(!JSON.stringify(got.body).includes(b64('a,b\n1,2\n')), 'nor attachment content');

    const db = app.services.ctx.db;
    const input = await db
      .selectFrom('render_payloads')
      .select('document_input_json')
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    // Read as the worker reads it: unpacked, parsed and checked by the column's one parser.
    const stored = (await readJobDocumentInput(input.document_input_json))!;
    assert.equal(stored.eInvoice!.xml, SAMPLE_XML, 'the XML is stored as sent');
    assert.equal(stored.attachments[0].contentBase64, b64('a,b\n1,2\n'));
    assert.equal(stored.attachments[1].bundlePath, '/terms.pdf');

    const canceled = await api('POST', `/v1/render-jobs/${jobId}/cancel`);
    assert.equal(canceled.status, 200);
    assert.deepEqual(canceled.body.job.document, expected, 'what was asked stays visible');
    const left = await db.selectFrom('render_payloads').select('job_id').where('job_id', '=', jobId).execute();
    assert.deepEqual(left, [], 'the document input goes with the payload');
  });

  test('a plain job stores no document and shows none', async () => {
    const res = await api('POST', `/v1/deploys/${deployId}/render-jobs`, { deployVersionId: versionId, payload: { n: 2 } });
    assert.equal(res.status, 202);
    assert.equal(res.body.job.document, undefined);
    const db = app.services.ctx.db;
    const job = await db.selectFrom('render_jobs').select('document_view_json').where('id', '=', res.body.job.id).executeTakeFirstOrThrow();
    const payload = await db
      .selectFrom('render_payloads')
      .select('document_input_json')
      .where('job_id', '=', res.body.job.id)
      .executeTakeFirstOrThrow();
    assert.equal(job.document_view_json, null);
    assert.equal(payload.document_input_json, null);
  });

  test('Idempotency-Key: the same body replays, other attachments or XML are a conflict', async () => {
    const body = {
      deployVersionId: versionId,
      payload: { n: 3 },
      attachments: [csv()],
      eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: SAMPLE_XML },
    };
    const key = { 'idempotency-key': 'pdf-options-1' };
    const first = await api('POST', `/v1/deploys/${deployId}/render-jobs`, body, key);
    assert.equal(first.status, 202, JSON.stringify(first.body));
    const again = await api('POST', `/v1/deploys/${deployId}/render-jobs`, body, key);
    assert.equal(again.status, 202);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.job.id, first.body.job.id);
    const before = await snapshot();
    for (const changed of [
      { ...body, attachments: [csv('data.csv', 'a,b\n1,3\n')] },
      { ...body, eInvoice: { ...body.eInvoice, xml: SAMPLE_XML.replace('INV-2025-0417', 'INV-2025-0418') } },
      { ...body, pdf: { standard: 'pdf/a-3b' } },
    ]) {
      const res = await api('POST', `/v1/deploys/${deployId}/render-jobs`, changed, key);
      assert.equal(res.status, 409, JSON.stringify(res.body));
      assert.equal(res.body.error, 'idempotency_key_conflict');
    }
    assert.deepEqual(await snapshot(), before);
  });

  describe('render.metadata.pdf at commit', () => {
    async function commitRefused(pdf: unknown, field: string, files: BundleFile[] = [...sampleBundle('c'), file('terms.pdf', terms)]) {
      const before = await snapshot();
      const res = await deployFiles(app, { deployId }, files, { route: '/', title: 'T', metadata: { pdf } }, auth);
      assert.equal(res.status, 400, `${field}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error, 'invalid_request');
      assert.equal(res.body.details?.field, field, JSON.stringify(res.body));
      const after = await snapshot();
      assert.equal(after.versions, before.versions, `${field}: no version`);
      assert.equal(after.meters, before.meters, `${field}: no commit counted`);
    }

    test('an unknown standard or option, bad metadata', async () => {
      await commitRefused({ standard: 'pdf/x-4' }, 'render.metadata.pdf.standard');
      await commitRefused({ compress: true }, 'render.metadata.pdf.compress');
      await commitRefused({ format: 'B7' }, 'render.metadata.pdf.format');
      await commitRefused({ metadata: { author: 'x'.repeat(2001) } }, 'render.metadata.pdf.metadata.author');
      await commitRefused({ metadata: { keywords: 'a, b' } }, 'render.metadata.pdf.metadata.keywords');
      await commitRefused({ append: 'terms.pdf' }, 'render.metadata.pdf.append');
    });

    test('append/prepend: the path must be a file of the version, and a PDF', async () => {
      await commitRefused({ append: ['missing.pdf'] }, 'render.metadata.pdf.append[0]');
      await commitRefused({ append: ['terms.pdf', 'style.css'] }, 'render.metadata.pdf.append[1]');
      const fake = file('fake.pdf', '%PDF-1.7\nthis is not a PDF at all\n%%EOF\n');
      await commitRefused({ prepend: ['fake.pdf'] }, 'render.metadata.pdf.prepend[0]', [...sampleBundle('d'), fake]);
      await commitRefused({ prepend: ['../x.pdf'] }, 'render.metadata.pdf.prepend[0]');
    });

    test('a good version: standard, metadata, append and prepend', async () => {
      const res = await deployFiles(
        app,
        { deployId },
        [...sampleBundle('e'), file('/legal/terms.pdf', terms)],
        {
          route: '/',
          title: 'T',
          metadata: {
            pdf: {
              standard: 'pdf/a-2b',
              format: 'A4',
              append: ['/legal/terms.pdf'],
              prepend: ['legal/terms.pdf'],
              metadata: { lang: 'de-CH' },
            },
          },
        },
        auth,
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
    });
  });
});
