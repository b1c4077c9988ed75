// The dashboard's job waterfall as data (dashboard/src/pages/job-waterfall-rows.ts): the API's answers about a
// job — its view, its last attempt's diagnostics, its webhook deliveries — turned into rows on one time axis
// from the job's creation. The answers below are shaped as the API sends them (values from real jobs).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { waterfallRows, type WaterfallRow } from '../../dashboard/src/pages/job-waterfall-rows.js';
import type { RenderDiagnostics, WebhookDeliveries } from '../../dashboard/src/types.js';
import { JOB_REQUESTED_AT, renderJobView } from '../helpers/dashboard-job.js';

const T0 = JOB_REQUESTED_AT;

const jobView = renderJobView;

function diagnosticsOf(attempt: number, timings: NonNullable<RenderDiagnostics>['timings'], extra: object = {}): RenderDiagnostics {
  return {
    attempt,
    entries: [],
    dropped: { console: 0, exception: 0, request: 0 },
    ready: { mode: 'default', detail: 'printed at load (nothing pending)' },
    timings,
    pageCount: 2,
    bytes: 48_213,
    ...extra,
  };
}

const delivery = (over: Partial<WebhookDeliveries['items'][number]>): WebhookDeliveries['items'][number] => ({
  id: 'dlv_01KA2B3C4D5E6F7G8H9J0K1M2N',
  eventId: 'evt_render_job_terminated_job_01KA2B3C4D5E6F7G8H9J0K1M2N',
  attempt: 1,
  manual: false,
  url: 'https://hooks.example.com/folio',
  durationMs: 0,
  createdAt: T0,
  ...over,
});

/** A row as [label, startMs, durationMs, kind], the facts the drawing positions. */
const plain = (rows: WaterfallRow[]) => rows.map((r) => [r.label, r.startMs, r.durationMs, r.kind]);

describe('the job waterfall rows: attempts and deliveries', () => {
  test('a job retried once, with document options, and a webhook that failed then was redelivered', () => {
    // Attempt 1 timed out loading (navigation_timeout), attempt 2 printed; the PDF's steps ran after printing.
    const job = jobView({
      attempt: 1,
      startedAt: T0 + 35,
      finishedAt: T0 + 6_800,
      document: { steps: ['stamp', 'flatten'] },
    });
    const diagnostics = diagnosticsOf(1, { queued: 4_987, load: 420, readyWait: 130, print: 210, postProcess: 95, store: 12 });
    const deliveries = [
      delivery({ attempt: 1, statusCode: 500, error: 'HTTP 500', durationMs: 41, createdAt: T0 + 6_950 }),
      delivery({ id: 'dlv_2', attempt: 2, manual: true, statusCode: 200, durationMs: 18, createdAt: T0 + 9_000 }),
    ];
    const rows = waterfallRows({ job, diagnostics, deliveries });
    assert.deepEqual(plain(rows), [
      ['Queued', 0, 35, 'queue'],
      // One row for both attempts: the API keeps the first claim and the end, not where attempt 2 began.
      ['Attempts 1–2', 35, 6_872, 'attempt'],
      // The page's phases end when the PDF was made (finishedAt, +6800 ms)...
      ['Attempt 2 · Load', 6_040, 420, 'phase'],
      ['Attempt 2 · Ready wait', 6_460, 130, 'phase'],
      ['Attempt 2 · Print', 6_590, 210, 'phase'],
      // ...and the document options and the store follow it.
      ['Attempt 2 · Document options', 6_800, 95, 'document'],
      ['Attempt 2 · Store PDF', 6_895, 12, 'storage'],
      // A delivery is recorded when its request ended.
      ['Webhook attempt 1', 6_909, 41, 'webhook'],
      ['Webhook attempt 2 (manual)', 8_982, 18, 'webhook'],
    ]);
    assert.deepEqual(
      rows.map((r) => r.depth),
      [0, 0, 1, 1, 1, 1, 1, 0, 0],
    );
    const byLabel = new Map(rows.map((r) => [r.label, r]));
    assert.equal(byLabel.get('Attempt 2 · Document options')!.note, 'stamp → flatten', 'the PDF steps are named, not timed one by one');
    assert.equal(byLabel.get('Attempts 1–2')!.failed, undefined, 'the job succeeded');
    assert.equal(byLabel.get('Webhook attempt 1')!.failed, true);
    assert.equal(byLabel.get('Webhook attempt 1')!.note, 'failed: HTTP 500');
    assert.equal(byLabel.get('Webhook attempt 2 (manual)')!.failed, undefined);
    assert.equal(byLabel.get('Webhook attempt 2 (manual)')!.note, 'HTTP 200');
  });

  test('without diagnostics: the queue and the attempt only', () => {
    const job = jobView({ startedAt: T0 + 12, finishedAt: T0 + 1_512 });
    for (const diagnostics of [null, undefined]) {
      assert.deepEqual(plain(waterfallRows({ job, diagnostics, deliveries: [] })), [
        ['Queued', 0, 12, 'queue'],
        ['Attempt 1', 12, 1_500, 'attempt'],
      ]);
    }
  });
});

describe('the job waterfall rows: nothing placed that the API does not place', () => {
  test('a live retry, and a job whose diagnostics are of an earlier attempt: nothing placed that the API does not place', () => {
    // retry_scheduled: attempt 1 failed, the diagnostics are of it, attempt 2 has not started.
    const waiting = jobView({ status: 'retry_scheduled', attempt: 1, startedAt: T0 + 20, nextAttemptAt: T0 + 9_000 });
    const d0 = diagnosticsOf(0, { queued: 20, load: 30_000 });
    assert.deepEqual(plain(waterfallRows({ job: waiting, diagnostics: d0 })), [['Queued', 0, 20, 'queue']]);
    // Succeeded, but the diagnostics on hand are still attempt 1's (the page fetched them before the end).
    const done = jobView({ attempt: 1, startedAt: T0 + 20, finishedAt: T0 + 40_000 });
    assert.deepEqual(plain(waterfallRows({ job: done, diagnostics: d0 })), [
      ['Queued', 0, 20, 'queue'],
      ['Attempts 1–2', 20, 39_980, 'attempt'],
    ]);
    // Not yet taken by a worker: nothing at all.
    assert.deepEqual(waterfallRows({ job: jobView({ status: 'queued' }), diagnostics: null, deliveries: [] }), []);
  });

  test('a failed attempt: marked with its error code, and its phases are not placed (the phase that failed is not timed)', () => {
    const job = jobView({
      status: 'failed',
      startedAt: T0 + 5,
      finishedAt: T0 + 30_105,
      errorCode: 'render_timeout_exceeded',
      errorMessage: 'page was not ready and printed within 30000 ms',
    });
    const rows = waterfallRows({ job, diagnostics: diagnosticsOf(0, { queued: 5, load: 240 }) });
    assert.deepEqual(plain(rows), [
      ['Queued', 0, 5, 'queue'],
      ['Attempt 1', 5, 30_100, 'attempt'],
    ]);
    assert.equal(rows[1]!.failed, true);
    assert.equal(rows[1]!.note, 'failed: render_timeout_exceeded');
    const canceled = waterfallRows({ job: jobView({ status: 'canceled', startedAt: T0 + 5, finishedAt: T0 + 705 }) });
    assert.equal(canceled[1]!.note, 'canceled');
  });
});

describe('the job waterfall rows: kinds of jobs', () => {
  test('a job without document options streams its PDF into storage while printing: no row of its own', () => {
    const job = jobView({ startedAt: T0 + 8, finishedAt: T0 + 1_008 });
    const rows = waterfallRows({ job, diagnostics: diagnosticsOf(0, { queued: 8, load: 500, readyWait: 100, print: 300 }) });
    assert.deepEqual(plain(rows), [
      ['Queued', 0, 8, 'queue'],
      ['Attempt 1', 8, 1_000, 'attempt'],
      ['Load', 108, 500, 'phase'],
      ['Ready wait', 608, 100, 'phase'],
      ['Print', 708, 300, 'phase'],
    ]);
    assert.equal(rows[4]!.note, 'streamed into storage');
    assert.ok(!rows.some((r) => r.kind === 'storage'));
  });

  test('a PDF job reads and joins its sources; an image-only job stores no PDF; a long document places no page phases', () => {
    const pdfJob = jobView({ startedAt: T0 + 3, finishedAt: T0 + 403, document: { pdfSources: [{ pdfId: 'pdf_1' }, { jobId: 'job_2' }] } });
    assert.deepEqual(plain(waterfallRows({ job: pdfJob, diagnostics: diagnosticsOf(0, { queued: 3, load: 150, steps: 250 }) })).slice(2), [
      ['Read sources', 3, 150, 'phase'],
      ['Join and PDF steps', 153, 250, 'phase'],
    ]);

    const imageOnly = jobView({
      startedAt: T0 + 4,
      finishedAt: T0 + 904,
      document: { images: { format: 'png', pages: '1', width: 200 }, outputFormat: 'png' },
    });
    const timings = { queued: 4, load: 300, readyWait: 50, print: 200, postProcess: 0, images: 180, store: 0 };
    assert.deepEqual(plain(waterfallRows({ job: imageOnly, diagnostics: diagnosticsOf(0, timings) })).slice(1), [
      ['Attempt 1', 4, 1_080, 'attempt'],
      ['Load', 354, 300, 'phase'],
      ['Ready wait', 654, 50, 'phase'],
      ['Print', 704, 200, 'phase'],
      ['Document options', 904, 0, 'document'],
      ['Page images', 904, 180, 'document'],
    ]);

    const parts = diagnosticsOf(
      0,
      { queued: 2, load: 80, readyWait: 10, print: 900, postProcess: 40, store: 30 },
      {
        parts: { count: 4, pages: [120, 118, 121, 64], workers: 2 },
      },
    );
    const long = jobView({ startedAt: T0 + 2, finishedAt: T0 + 5_002, pagesDone: 423 });
    assert.deepEqual(plain(waterfallRows({ job: long, diagnostics: parts })).slice(2), [
      ['Document options', 5_002, 40, 'document'],
      ['Store PDF', 5_042, 30, 'storage'],
    ]);
  });
});
