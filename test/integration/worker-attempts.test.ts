// One attempt of a job below HTTP, as the render worker runs it (render-worker.ts, process()): the worker's
// own preparation (worker/job-preparation.ts), the producer producerFor picks (worker/producers/), and the
// finishing steps (worker/finishing.ts) on the real database, blob store, sandbox, qpdf and poppler. Shown
// here: which producer each kind of job gets, and which finishing steps each job takes in which order — a
// job without document options streams its PDF into storage once and takes no other step, a job with them
// is finished and stored once, one that keeps only images stores no PDF, failOn and a cancel stop before
// anything is stored, and a PDF job's producer runs its steps and leaves only optimize to the finishing.
// No browser and no LibreOffice: a page's print is a PDF streamed into the attempt's sink as the renderer
// streams it (the prints themselves are test/e2e's). SQLite + files and (FOLIO_TEST_ENGINE=postgres)
// PostgreSQL + S3.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { attemptPrefixes } from '../../src/blobs/keys.js';
import type { RenderResult } from '../../src/render/types.js';
import { attemptSink, beginAttempt, discardStored, finish, storedOutput, type Attempt } from '../../src/worker/finishing.js';
import { JobPreparation } from '../../src/worker/job-preparation.js';
import { producerFor } from '../../src/worker/producers/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { uploadPdf } from '../helpers/managed-pdfs.js';
import { letterDocx } from '../helpers/office-documents.js';
import { pagesPdf, tool } from '../helpers/outside-pdfs.js';
import { solidPng } from '../helpers/real-documents.js';
import { wordInvoicePayload, wordInvoiceTemplate } from '../fixtures/word-invoice.js';

describe('a job attempt: its producer and its finishing steps', () => {
  let app: TestApp;
  let deployId = '';
  let wordDeployId = '';
  let sourcePdfId = '';
  /** What the page's print stands for: two A4 pages. */
  let printed: Buffer;

  before(async () => {
    app = await createTestApp();
    const html = await deployFiles(app, { createDeploy: { slug: 'page', name: 'Page' } }, [file('index.html', '<p>x</p>')]);
    assert.equal(html.status, 201, JSON.stringify(html.body));
    deployId = html.deployId;
    const word = await deployFiles(
      app,
      { createDeploy: { slug: 'word', name: 'Word' } },
      [file('invoice.docx', await wordInvoiceTemplate()), file('logo.png', solidPng())],
      { route: '/invoice.docx', title: 'Invoice', engine: 'docx' },
    );
    assert.equal(word.status, 201, JSON.stringify(word.body));
    wordDeployId = word.deployId;
    printed = await pagesPdf(2);
    sourcePdfId = await uploadPdf(app, printed);
  });
  after(() => app?.close());

  const ctx = () => app.services.ctx;
  const finishing = () => ({ ctx: ctx(), pageImages: app.services.pageImages });

  /** POST /v1/render-jobs (or another creating route); the new job's id. */
  async function created(body: Record<string, unknown>, url = '/v1/render-jobs'): Promise<string> {
    const res = await app.api('POST', url, { ...body, ...(url === '/v1/pdf-jobs' ? { waitSeconds: 0 } : {}) });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    return res.body.job.id as string;
  }

  /** The job claimed as the worker claims it, then prepared by the worker's own preparation. */
  async function claimAndPrepare(jobId: string) {
    const now = app.clock.now();
    await ctx()
      .db.updateTable('render_jobs')
      .set({ status: 'rendering', lease_owner: 'wrk_test', lease_expires_at: now + 60_000, started_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    const job = await ctx().db.selectFrom('render_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    const abort = new AbortController();
    return { job, abort, prepared: await new JobPreparation(ctx()).prepare(job, abort.signal) };
  }

  /** A job of the page deploy, prepared, and its attempt begun with the producer producerFor picks. */
  async function pageAttempt(body: Record<string, unknown> = {}): Promise<{ a: Attempt; abort: AbortController }> {
    const { job, abort, prepared } = await claimAndPrepare(await created({ deployId, deployVersionId: 'latest', ...body }));
    const producer = producerFor(prepared);
    assert.equal(producer.kind, 'chromium-print');
    return { a: beginAttempt(job, prepared, producer, abort.signal), abort };
  }

  /** The print as the renderer hands it over: streamed into the sink, with its result. */
  async function print(a: Attempt, diagnostics: Partial<NonNullable<RenderResult['diagnostics']>> = {}): Promise<RenderResult> {
    await attemptSink(a, finishing())(Readable.from([printed.subarray(0, 1000), printed.subarray(1000)]));
    return {
      bytes: printed.length,
      pageCount: 2,
      sha256: sha256(printed),
      renderTimeMs: 40,
      blocked: [],
      diagnostics: {
        entries: [],
        dropped: { console: 0, exception: 0, request: 0 },
        ready: null,
        timings: { load: 10, print: 20 },
        ...diagnostics,
      },
    };
  }

  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const steps = (a: Attempt) => a.taken.map((t) => t.step);
  /** Every object in the attempt's own folders (blobs/keys.ts attemptPrefixes): what it stored. */
  async function storedBy(a: Attempt): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of attemptPrefixes({ jobId: a.job.id, attempt: a.job.attempt }))
      for await (const o of ctx().blobs.list(prefix)) keys.push(o.key);
    return keys.sort();
  }

  test('producerFor: a page is printed, an Office entry converted, a Word template filled first, a PDF job joined', async () => {
    const kindOf = async (jobId: string) => producerFor((await claimAndPrepare(jobId)).prepared).kind;
    assert.equal(await kindOf(await created({ deployId, deployVersionId: 'latest' })), 'chromium-print');
    assert.equal(await kindOf(await created({ html: '<p>inline</p>' })), 'chromium-print');
    const docx = (await letterDocx()).toString('base64');
    assert.equal(await kindOf(await created({ entry: 'letter.docx', files: { 'letter.docx': docx } })), 'office-conversion');
    const invoice = wordInvoicePayload(2, false);
    assert.equal(await kindOf(await created({ deployId: wordDeployId, deployVersionId: 'latest', payload: invoice })), 'word-template');
    const pdfJob = await created({ sources: [{ pdfId: sourcePdfId }], steps: [{ type: 'rotate', angle: 90 }] }, '/v1/pdf-jobs');
    assert.equal(await kindOf(pdfJob), 'existing-pdfs');
  });

  test('without document options the PDF streams into storage once, and failOn is the only step', async () => {
    const { a } = await pageAttempt();
    assert.equal(a.post, null);
    const produced = await print(a);
    assert.equal(a.pdf, null, 'never held in memory');
    assert.deepEqual(await storedBy(a), [a.prepared.output.storageKey], 'stored while it streamed');
    const result = await finish(a, produced, finishing());
    assert.deepEqual(steps(a), ['fail-on']);
    assert.equal(result, produced, "the producer's result is the attempt's");
    assert.deepEqual(await storedBy(a), [a.prepared.output.storageKey], 'and nothing else, nor again');
    assert.ok((await ctx().blobs.getBuffer(a.prepared.output.storageKey)).equals(printed));
    assert.equal(a.finishedAt, undefined, 'the record takes its own time');
    assert.equal(storedOutput(a).pdfStored, true);
  });

  test('with document options: collected, finished, stored once, and described by the final document', async () => {
    const { a } = await pageAttempt({ pdf: { metadata: { title: 'Finished here' } } });
    assert.ok(a.post);
    const produced = await print(a);
    assert.deepEqual(await storedBy(a), [], 'held in memory, not stored yet');
    const result = await finish(a, produced, finishing());
    assert.deepEqual(steps(a), ['canceled', 'fail-on', 'document-options', 'store', 'describe']);
    assert.deepEqual(await storedBy(a), [a.prepared.output.storageKey]);
    const stored = await ctx().blobs.getBuffer(a.prepared.output.storageKey);
    assert.match(tool('pdfinfo', (f) => [f], stored).text, /Title:\s+Finished here/);
    assert.deepEqual(
      { bytes: result.bytes, sha256: result.sha256, pageCount: result.pageCount },
      { bytes: stored.length, sha256: sha256(stored), pageCount: 2 },
    );
    assert.ok(result.renderTimeMs >= produced.renderTimeMs);
    const timings = result.diagnostics!.timings;
    assert.deepEqual(Object.keys(timings), ['load', 'print', 'postProcess', 'store'], "the producer's phases, then the finishing's");
    assert.equal(typeof a.finishedAt, 'number', "the document's date is the finish the record writes");
  });

  test('a job that keeps only its images stores them and no PDF; a discarded attempt deletes them', async () => {
    const { a } = await pageAttempt({ outputFormat: 'png' });
    assert.equal(a.post?.imagesOnly, true);
    const result = await finish(a, await print(a), finishing());
    assert.deepEqual(steps(a), ['canceled', 'fail-on', 'document-options', 'page-images', 'describe']);
    assert.equal(a.images.length, 1, 'page 1, the default of an image outputFormat');
    assert.deepEqual(await storedBy(a), [a.images[0].storageKey], 'the image, no PDF');
    assert.equal(storedOutput(a).pdfStored, false);
    assert.equal(result.pageCount, 2, 'the numbers still describe the document');
    assert.ok(result.diagnostics!.timings.images !== undefined);
    await discardStored(a, finishing());
    assert.deepEqual(await storedBy(a), []);
  });

  test('failOn and a cancel stop an attempt before its document options, with nothing stored', async () => {
    const failing = (await pageAttempt({ failOn: ['page_exception'], pdf: { metadata: { title: 'Never' } } })).a;
    const warnings = [{ code: 'page_exception' as const, count: 1, message: 'Error: boom' }];
    await assert.rejects(finish(failing, await print(failing, { warnings }), finishing()), { code: 'render_failed_on_warning' });
    assert.deepEqual(steps(failing), ['canceled']);
    assert.deepEqual(await storedBy(failing), []);

    const { a: canceled, abort } = await pageAttempt({ pdf: { metadata: { title: 'Never' } } });
    const produced = await print(canceled);
    abort.abort();
    await assert.rejects(finish(canceled, produced, finishing()), { code: 'render_canceled' });
    assert.deepEqual(steps(canceled), []);
    assert.deepEqual(await storedBy(canceled), []);
  });

  test("a PDF job's producer joins its sources and runs its steps; optimize is left to the finishing", async () => {
    const jobId = await created(
      { sources: [{ pdfId: sourcePdfId }], steps: [{ type: 'rotate', angle: 90 }, { type: 'optimize' }] },
      '/v1/pdf-jobs',
    );
    const { job, abort, prepared } = await claimAndPrepare(jobId);
    assert.deepEqual(
      prepared.post?.steps?.map((s) => s.type),
      ['rotate', 'optimize'],
    );
    const producer = producerFor(prepared);
    const a = beginAttempt(job, prepared, producer, abort.signal);
    assert.deepEqual(
      a.post?.steps?.map((s) => s.type),
      ['optimize'],
    );
    const producing = { ctx: ctx(), renderer: app.renderer!, office: null, merges: app.services.pdfMerges };
    const produced = await producer.produce(prepared, attemptSink(a, finishing()), producing);
    assert.ok(a.pdf, 'the joined PDF is in memory');
    assert.ok(produced.diagnostics?.timings.steps !== undefined);
    await finish(a, produced, finishing());
    assert.deepEqual(steps(a), ['canceled', 'fail-on', 'document-options', 'store', 'describe']);
    assert.deepEqual(await storedBy(a), [a.prepared.output.storageKey]);
    const info = tool('pdfinfo', (f) => [f], await ctx().blobs.getBuffer(a.prepared.output.storageKey)).text;
    assert.match(info, /Page rot:\s+90/);
    assert.match(info, /Optimized:\s+yes/);
  });
});
