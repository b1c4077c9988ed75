// A render job's waterfall as data: where its time went, on one time axis that starts at the job's creation,
// built only from what the API answers about the job — the job (requestedAt, startedAt, finishedAt,
// attempt), its last attempt's diagnostics (timings: durations, no start times) and its webhook deliveries
// (createdAt, durationMs). Pure (no DOM, no clock): job-waterfall.ts draws the rows.
//
// The rules that place a segment on the axis (a segment the API gives no place for is left out, never
// guessed):
//   - Queued: creation → the first claim (startedAt).
//   - Attempts: the first claim → the end. The API keeps the first claim and the end only, not where one
//     attempt ended and the next began, so a retried job has one row for all of its attempts.
//   - The phases of the attempt that made the PDF (a succeeded job whose diagnostics are of its last attempt):
//     the page's phases (load, ready wait, print; a PDF job's reading and steps) follow one another and the
//     last ends when the PDF was made, which is the job's finishedAt: the worker records the job right after
//     printing, and a job with document options gets as finishedAt the moment its document options began
//     (the date written into the PDF). Those options (postProcess), page images and the store of the PDF
//     (store) then follow from finishedAt, in that order. A failed attempt's phases have no such anchor: the
//     phase that failed is not timed.
//   - Webhook deliveries: a delivery is recorded when its request ended (createdAt) and took durationMs.
// `.js`: test/unit/dashboard-waterfall-rows.test.ts type-checks this file under the root tsconfig (NodeNext) too.
import type { RenderDiagnostics, RenderJob, WebhookDeliveries } from '../types.js';

export type WaterfallKind = 'queue' | 'attempt' | 'phase' | 'document' | 'storage' | 'webhook';

export interface WaterfallRow {
  label: string;
  /** Milliseconds from the job's creation (requestedAt) to the segment's start. */
  startMs: number;
  durationMs: number;
  kind: WaterfallKind;
  /** 0: a step of the job; 1: a part of an attempt. */
  depth: 0 | 1;
  /** The segment ended in a failure: a failed or canceled attempt, a delivery without a 2xx. */
  failed?: boolean;
  /** A short fact shown beside the label, in words (a failure says so): the error, a delivery's HTTP status, the PDF steps. */
  note?: string;
}

export interface WaterfallInput {
  job: RenderJob;
  /** The last finished attempt's diagnostics; null or absent when there are none (yet). */
  diagnostics?: RenderDiagnostics;
  deliveries?: WebhookDeliveries['items'];
}

type Diagnostics = NonNullable<RenderDiagnostics>;
type TimingKey = keyof Diagnostics['timings'];

/** What each timing is called, in the order the phases run; PDF jobs read and join sources instead of printing. */
const PAGE_PHASES: { key: TimingKey; label: string }[] = [
  { key: 'load', label: 'Load' },
  { key: 'readyWait', label: 'Ready wait' },
  { key: 'print', label: 'Print' },
];
const PDF_JOB_PHASES: { key: TimingKey; label: string }[] = [
  { key: 'load', label: 'Read sources' },
  { key: 'steps', label: 'Join and PDF steps' },
];

export function waterfallRows({ job, diagnostics, deliveries }: WaterfallInput): WaterfallRow[] {
  const at = (ms: number) => ms - job.requestedAt;
  const rows: WaterfallRow[] = [];
  if (job.startedAt !== undefined)
    rows.push({ label: 'Queued', startMs: 0, durationMs: Math.max(0, job.startedAt - job.requestedAt), kind: 'queue', depth: 0 });
  const attempts = job.attempt + 1;
  const d = diagnostics && diagnostics.attempt === job.attempt ? diagnostics : null;
  const inside = job.status === 'succeeded' && job.finishedAt !== undefined && d ? attemptParts(job, d, at(job.finishedAt), attempts) : [];
  const attempt = attemptRow(job, attempts, inside);
  if (attempt) rows.push(attempt);
  rows.push(...inside);
  for (const x of deliveries ?? []) rows.push(deliveryRow(x, at(x.createdAt)));
  return rows;
}

/** All attempts, from the first claim to the end: the end of the last row inside, else finishedAt. */
function attemptRow(job: RenderJob, attempts: number, inside: WaterfallRow[]): WaterfallRow | null {
  if (job.startedAt === undefined || job.finishedAt === undefined) return null;
  const startMs = job.startedAt - job.requestedAt;
  const endMs = Math.max(job.finishedAt - job.requestedAt, ...inside.map((r) => r.startMs + r.durationMs));
  const failed = job.status !== 'succeeded';
  const note = job.status === 'canceled' ? 'canceled' : `failed${job.errorCode ? `: ${job.errorCode}` : ''}`;
  return {
    label: attempts === 1 ? 'Attempt 1' : `Attempts 1–${attempts}`,
    startMs,
    durationMs: Math.max(0, endMs - startMs),
    kind: 'attempt',
    depth: 0,
    ...(failed ? { failed, note } : {}),
  };
}

/** The phases and finishing steps of the attempt that made the PDF, placed around `madeMs` (finishedAt). */
function attemptParts(job: RenderJob, d: Diagnostics, madeMs: number, attempts: number): WaterfallRow[] {
  const t = d.timings;
  const prefix = attempts > 1 ? `Attempt ${attempts} · ` : '';
  const row = (label: string, startMs: number, durationMs: number, kind: WaterfallKind, note?: string): WaterfallRow => ({
    label: prefix + label,
    startMs,
    durationMs,
    kind,
    depth: 1,
    ...(note ? { note } : {}),
  });
  // A job without document options streams its PDF into storage as it prints: its store is inside Print.
  const streamed = t.postProcess === undefined;
  // A long document's timings are its first part's, printed beside the others: no place on the job's axis.
  const phases = d.parts ? [] : (job.document?.pdfSources ? PDF_JOB_PHASES : PAGE_PHASES).filter((p) => t[p.key] !== undefined);
  const before: WaterfallRow[] = [];
  let end = madeMs;
  for (const p of [...phases].reverse()) {
    const ms = t[p.key]!;
    before.unshift(row(p.label, end - ms, ms, 'phase', p.key === 'print' && streamed ? 'streamed into storage' : undefined));
    end -= ms;
  }
  if (streamed) return before;
  const after: WaterfallRow[] = [];
  let start = madeMs;
  const next = (label: string, ms: number | undefined, kind: WaterfallKind, note?: string) => {
    if (ms === undefined) return;
    after.push(row(label, start, ms, kind, note));
    start += ms;
  };
  next('Document options', t.postProcess, 'document', job.document?.steps?.join(' → '));
  next('Page images', t.images, 'document');
  // A job that keeps only its images stores no PDF (its store timing is a placeholder 0).
  if (!job.document?.outputFormat) next('Store PDF', t.store, 'storage');
  return [...before, ...after];
}

function deliveryRow(x: WebhookDeliveries['items'][number], endMs: number): WaterfallRow {
  const failed = x.error !== undefined;
  return {
    label: `Webhook attempt ${x.attempt}${x.manual ? ' (manual)' : ''}`,
    startMs: endMs - x.durationMs,
    durationMs: x.durationMs,
    kind: 'webhook',
    depth: 0,
    ...(failed ? { failed } : {}),
    note: failed ? `failed: ${x.error}` : `HTTP ${x.statusCode}`,
  };
}
