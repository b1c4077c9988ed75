// Render jobs with document options end to end, with real Chromium (one browser), the worker
// and the blob store: a PDF/A-3b Factur-X invoice of examples/invoice checked with poppler, qpdf and the
// PDF/A checker; a version that appends a 2-page PDF of its bundle; a plain job whose PDF still streams
// from the renderer into the blob store untouched. Runs on SQLite + files and (PG_SUITES) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, sha256, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';
import { checkPdfA } from '../helpers/pdfa-check.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const INVOICE_DIR = path.join(ROOT, 'examples/invoice');
const SAMPLE_XML = fs.readFileSync(path.join(INVOICE_DIR, 'factur-x-sample.xml'));
const JOB_BODY = JSON.parse(fs.readFileSync(path.join(INVOICE_DIR, 'e-invoice-job.json'), 'utf8'));

function invoiceFiles(): BundleFile[] {
  return fs
    .readdirSync(INVOICE_DIR)
    .filter((f) => fs.statSync(path.join(INVOICE_DIR, f)).isFile())
    .sort()
    .map((f) => file(f, fs.readFileSync(path.join(INVOICE_DIR, f))));
}

/** Runs a poppler/qpdf tool on a PDF (written to a temp file); stdout, or the saved file with `saveAs`. */
function tool(cmd: string, args: (f: string, dir: string) => string[], pdf: Buffer, saveAs?: string): { out: string; saved?: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdfjobs-'));
  const f = path.join(dir, 'x.pdf');
  fs.writeFileSync(f, pdf);
  try {
    const out = execFileSync(cmd, args(f, dir), { encoding: 'utf8' });
    return { out, ...(saveAs ? { saved: fs.readFileSync(path.join(dir, saveAs)) } : {}) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function termsPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['General terms of sale, page one', 'General terms of sale, page two'])
    doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, font, size: 14 });
  return Buffer.from(await doc.save());
}

describe('render jobs with document options', () => {
  let app: TestApp;
  let deployId = '';
  let invoiceVersionId = '';
  let appendVersionId = '';
  /** What the renderer handed to the worker's sink, per job. */
  const printed = new Map<string, Buffer>();

  before(async () => {
    app = await createTestApp();
    // Tee what the renderer streams into the worker's sink, to compare with what is stored.
    const renderer = app.renderer!;
    const render = renderer.render.bind(renderer);
    renderer.render = (req, sink) =>
      render(req, async (pdf: Readable) => {
        const chunks: Buffer[] = [];
        const pass = new PassThrough();
        pdf.on('data', (c: Buffer) => chunks.push(c));
        pdf.pipe(pass);
        await sink(pass);
        printed.set(req.jobId, Buffer.concat(chunks));
      });
    app.startBackground();
    const env = { environment: { variables: [{ name: 'COMPANY_NAME', value: 'Northwind Documents Ireland Ltd.' }] } };
    const v1 = await deployFiles(app, { createDeploy: { slug: 'invoice', name: 'Invoice' } }, invoiceFiles(), {
      route: '/',
      title: 'Invoice',
    });
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    deployId = v1.deployId;
    invoiceVersionId = v1.version.id;
    assert.equal((await app.api('PATCH', `/v1/deploys/${deployId}/settings`, env)).status, 200);
    const v2 = await deployFiles(app, { deployId }, [...invoiceFiles(), file('legal/terms.pdf', await termsPdf())], {
      route: '/',
      title: 'Invoice with terms',
      metadata: { pdf: { append: ['legal/terms.pdf'], metadata: { title: 'Invoice with terms' } } },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    appendVersionId = v2.version.id;
  });
  after(() => app?.close());

  async function run(body: Record<string, unknown>) {
    const created = await app.api('POST', `/v1/deploys/${deployId}/render-jobs`, body);
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body.job));
    const link = await app.api('POST', `/v1/render-jobs/${created.body.job.id}/output-download`);
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(res.statusCode, 200);
    return { job: done.body.job, output: done.body.output, pdfMeta: done.body.pdf, pdf: res.rawPayload };
  }

  test('a PDF/A-3b Factur-X invoice: metadata, embedded fonts, the exact XML, qpdf and the PDF/A checker; the input is gone', async () => {
    // examples/invoice/e-invoice-job.json carries the sample XML as it is in factur-x-sample.xml.
    assert.equal(JOB_BODY.eInvoice.xml, SAMPLE_XML.toString('utf8'));
    const { job, output, pdfMeta, pdf } = await run({ ...JOB_BODY, deployVersionId: invoiceVersionId });
    assert.deepEqual(job.document.eInvoice, { standard: 'factur-x', profile: 'MINIMUM', bytes: SAMPLE_XML.length });
    assert.equal(job.document.standard, 'pdf/a-3b');

    // The recorded facts are those of the stored (post-processed) bytes, not of what Chromium printed.
    assert.equal(output.bytes, pdf.length);
    assert.equal(pdfMeta.bytes, pdf.length);
    const row = await app.services.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', job.id).executeTakeFirstOrThrow();
    assert.equal(row.sha256, sha256(pdf));
    assert.notEqual(sha256(printed.get(job.id)!), sha256(pdf), 'the printed PDF was post-processed');
    const pages = Number(/^Pages:\s+(\d+)/m.exec(tool('pdfinfo', (f) => [f], pdf).out)![1]);
    assert.equal(output.pageCount, pages);

    const info = tool('pdfinfo', (f) => [f], pdf).out;
    assert.match(info, /^Title:\s+Invoice INV-2025-0417$/m);
    assert.match(info, /^Author:\s+Northwind Documents GmbH$/m);
    assert.match(info, /^Subject:\s+Invoice INV-2025-0417 to Blue Harbor Logistics Ltd\.$/m);
    assert.match(info, /^Keywords:\s+invoice, INV-2025-0417, Factur-X$/m);
    assert.match(info, /^Producer:\s+Folio \d+\.\d+\.\d+/m);
    assert.match(info, /^PDF version:\s+1\.7$/m);
    // The PDF's dates are the job's finish time (whole seconds).
    const meta = tool('pdfinfo', (f) => ['-isodates', f], pdf).out;
    const created = Date.parse(/^CreationDate:\s+(\S+)/m.exec(meta)![1]);
    assert.equal(created, Math.floor(job.finishedAt / 1000) * 1000);

    const fonts = tool('pdffonts', (f) => [f], pdf)
      .out.split('\n')
      .slice(2)
      .filter((l) => l.trim());
    assert.ok(fonts.length > 0, 'the invoice has fonts');
    for (const line of fonts) assert.equal(line.trim().split(/\s+/).at(-5), 'yes', `embedded: ${line}`);

    const list = tool('pdfdetach', (f) => ['-list', f], pdf).out;
    assert.match(list, /^1 embedded files?$/m);
    assert.match(list, /factur-x\.xml/);
    const saved = tool('pdfdetach', (f, dir) => ['-save', '1', '-o', path.join(dir, 'out.xml'), f], pdf, 'out.xml').saved!;
    assert.ok(saved.equals(SAMPLE_XML), 'pdfdetach -save returns the exact bytes sent');

    assert.match(tool('qpdf', (f) => ['--check', f], pdf).out, /No syntax or stream encoding errors found/);
    assert.deepEqual(await checkPdfA(pdf, { standard: 'pdf/a-3b', facturX: { profile: 'MINIMUM', xml: SAMPLE_XML } }), []);

    const stored = await app.services.ctx.db.selectFrom('render_payloads').selectAll().where('job_id', '=', job.id).execute();
    assert.deepEqual(stored, [], 'payload and document input are deleted when the job ends');
  });

  test("a version that appends a 2-page PDF of its bundle: pages = invoice + 2, with the terms' text", async () => {
    const plain = await run({ deployVersionId: invoiceVersionId, payload: JOB_BODY.payload });
    const withTerms = await run({ deployVersionId: appendVersionId, payload: JOB_BODY.payload });
    assert.equal(withTerms.output.pageCount, plain.output.pageCount + 2);
    assert.match(tool('pdfinfo', (f) => [f], withTerms.pdf).out, new RegExp(`^Pages:\\s+${plain.output.pageCount + 2}$`, 'm'));
    const text = pdfText(withTerms.pdf);
    assert.match(text, /General terms of sale, page one/);
    assert.match(text, /General terms of sale, page two/);
    assert.match(text, /INV-2025-0417/);
    assert.match(tool('pdfinfo', (f) => [f], withTerms.pdf).out, /^Title:\s+Invoice with terms$/m);
    assert.equal(withTerms.job.document, undefined, 'the job asked nothing itself');
  });

  test('a post-processing failure fails the job with pdf_postprocess_failed and stores nothing', async () => {
    // PDF/A needs every font embedded; the appended terms use Helvetica without its program.
    const v = await deployFiles(app, { deployId }, [...invoiceFiles(), file('terms.pdf', await termsPdf())], {
      route: '/',
      title: 'Invoice, PDF/A with unembedded terms',
      metadata: { pdf: { standard: 'pdf/a-3b', append: ['terms.pdf'] } },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const blobs = app.services.ctx.blobs;
    const stored = async () => {
      let n = 0;
      for (const prefix of ['outputs/', 'pdfs/']) for await (const _ of blobs.list(prefix)) n++;
      return n;
    };
    const before = await stored();
    const created = await app.api('POST', `/v1/deploys/${deployId}/render-jobs`, {
      deployVersionId: v.version.id,
      payload: JOB_BODY.payload,
      outputMode: 'managed',
      pdf: { metadata: { title: 'Never stored' } },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body.job));
    assert.equal(done.body.job.errorCode, 'pdf_postprocess_failed');
    assert.match(done.body.job.errorMessage, /Helvetica is not embedded/);
    assert.equal(done.body.output, undefined);
    assert.equal(done.body.pdf, undefined);
    assert.equal(await stored(), before, 'no PDF in storage');
    const db = app.services.ctx.db;
    const jobId = created.body.job.id;
    assert.deepEqual(await db.selectFrom('render_outputs').select('id').where('job_id', '=', jobId).execute(), []);
    assert.deepEqual(await db.selectFrom('managed_pdfs').select('id').where('render_job_id', '=', jobId).execute(), []);
    assert.deepEqual(await db.selectFrom('render_payloads').select('job_id').where('job_id', '=', jobId).execute(), []);
  });

  test('a plain job still streams: the stored bytes are what the renderer produced', async () => {
    const { job, output, pdf } = await run({ deployVersionId: invoiceVersionId, payload: JOB_BODY.payload, businessKey: 'plain' });
    const fromRenderer = printed.get(job.id)!;
    assert.ok(fromRenderer.length > 0);
    assert.ok(pdf.equals(fromRenderer), 'stored bytes = printed bytes');
    assert.equal(output.bytes, fromRenderer.length);
    assert.doesNotMatch(tool('pdfinfo', (f) => [f], pdf).out, /^Producer:\s+Folio/m);
  });
});
