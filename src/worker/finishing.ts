// What happens to a job's PDF after its producer made it (producers/), the same for every kind of source:
// one ordered list of steps, each taken or skipped by a rule of its own. A job without document options
// takes no step but failOn: its PDF streamed from the producer straight into the blob store (attemptSink).
// Every other job's PDF is collected in memory, then: document options (PDF steps, PDF/A, metadata,
// attachments, e-invoice, the PDF/UA-1 check, encryption and signing: document-step.ts), page images,
// storage, and the numbers of the final document. The attempt records what it stored, so an attempt that
// ends without a recorded success deletes it (discardStored).
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { RenderJobsTable } from '../db/tables.js';
import { countPdfPages } from '../pdf/syntax/page-count.js';
import { RenderError, type RenderResult } from '../render/types.js';
import type { ServiceContext } from '../services/context.js';
import type { PlannedOutput } from '../services/jobs/job-outcomes.js';
import type { PageImages, StoredPageImage } from '../services/jobs/page-images.js';
import { collectPdf, finishDocument, type DocumentPlan } from './document-step.js';
import { enforceFailOn } from './fail-on.js';
import type { JobPreparation } from './job-preparation.js';
import { drawPageImages } from './page-images-step.js';
import type { Producer, ProducerSink } from './producers/index.js';

export type PreparedJob = Awaited<ReturnType<JobPreparation['prepare']>>;

/** The edges the finishing steps reach: the sandbox, the clock and the blob store, and the page images' store. */
export interface FinishingDeps {
  ctx: ServiceContext;
  pageImages: PageImages;
}

/** One attempt of a job between its producer and its record: the PDF, its result and what it stored. */
export interface Attempt {
  readonly job: RenderJobsTable;
  readonly prepared: PreparedJob;
  readonly signal: AbortSignal;
  /** The document options left for the finishing steps (null: none, and the PDF is streamed into storage). */
  readonly post: DocumentPlan;
  /** The PDF in memory: as produced, then finished. Null for a PDF streamed into storage. */
  pdf: Buffer | null;
  /** The document before encryption and signing: what page images are drawn from. */
  content: Buffer | null;
  /** The producer's result, then the final document's (bytes, hash, pages, timings). */
  result: RenderResult | null;
  /** The document's date (clock ms), written into it by the document options and recorded as the finish. */
  finishedAt?: number;
  /** What this attempt stored (the PDF's key, the page images), until its record takes them over. */
  storedKey: string | null;
  images: StoredPageImage[];
  /** The finishing steps taken, in order: when each started (performance.now()) and how long it took (ms). */
  readonly taken: Array<{ step: string; startedAt: number; ms: number }>;
}

/** A job with document options has its PDF in memory (attemptSink); one without streamed it into storage. */
const inMemory = (a: Attempt) => a.post !== null;

/** A new attempt of the prepared job, whose PDF the producer is about to make. */
export function beginAttempt(job: RenderJobsTable, prepared: PreparedJob, producer: Producer, signal: AbortSignal): Attempt {
  const post = prepared.post && producer.leaves ? producer.leaves(prepared.post) : prepared.post;
  return { job, prepared, signal, post, pdf: null, content: null, result: null, storedKey: null, images: [], taken: [] };
}

/** Where the producer's PDF goes: for a job without document options straight into storage, else memory. */
export function attemptSink(a: Attempt, { ctx }: FinishingDeps): ProducerSink {
  if (inMemory(a))
    return async (pdf) => {
      a.pdf = Buffer.isBuffer(pdf) ? pdf : await collectPdf(pdf);
    };
  return (pdf) =>
    // Stored as it prints: the span is the whole stream's, from the print's first bytes.
    ctx.tracing.inSpan('folio.blob.write', { attributes: { 'folio.blob.streamed': true } }, async () => {
      await ctx.blobs.put(a.prepared.output.storageKey, pdf);
      a.storedKey = a.prepared.output.storageKey;
    });
}

interface FinishingStep {
  readonly name: string;
  /** Whether the attempt takes this step. */
  applies(a: Attempt): boolean;
  run(a: Attempt, deps: FinishingDeps): Promise<void> | void;
}

/** The finishing steps of every producer's PDF, in order. */
export const FINISHING_STEPS: readonly FinishingStep[] = [
  // A PDF in memory stops at a cancel; a streamed one is already stored, and the record decides.
  { name: 'canceled', applies: inMemory, run: stopIfCanceled },
  { name: 'fail-on', applies: () => true, run: failOnProduced },
  { name: 'document-options', applies: inMemory, run: applyDocumentOptions },
  { name: 'page-images', applies: (a) => a.post?.images !== undefined, run: storePageImages },
  // A job that keeps only its images stores no PDF (its page count and size still describe the document).
  { name: 'store', applies: (a) => inMemory(a) && !a.post?.imagesOnly, run: storePdf },
  { name: 'describe', applies: inMemory, run: describeFinal },
];

const TRIVIAL_STEPS = new Set(['canceled', 'fail-on', 'describe']);

/** Takes the finishing steps that apply to the produced PDF; the attempt's final result. */
export async function finish(a: Attempt, produced: RenderResult, deps: FinishingDeps): Promise<RenderResult> {
  a.result = produced;
  for (const step of FINISHING_STEPS) {
    if (!step.applies(a)) continue;
    const startedAt = performance.now();
    // A step that does work is a span of the attempt's trace (storing the PDF is the blob write); the
    // checks that take no time (a cancel, failOn, the final numbers) are not worth a span each.
    if (TRIVIAL_STEPS.has(step.name)) await step.run(a, deps);
    else
      await deps.ctx.tracing.inSpan(step.name === 'store' ? 'folio.blob.write' : `folio.step.${step.name}`, {}, async () =>
        step.run(a, deps),
      );
    a.taken.push({ step: step.name, startedAt, ms: Math.round(performance.now() - startedAt) });
  }
  return a.result;
}

/** What the record of a success says the attempt stored. */
export function storedOutput(a: Attempt): PlannedOutput & { pdfStored: boolean; images: StoredPageImage[] } {
  return { ...a.prepared.output, pdfStored: a.storedKey !== null, images: a.images };
}

/** The record has taken over what the attempt stored (it keeps it, or deletes it itself). */
export function handedOver(a: Attempt): void {
  a.storedKey = null;
  a.images = [];
}

/** A failed, canceled or released attempt keeps nothing it stored: no row will ever name those files. */
export async function discardStored(a: Attempt, { ctx, pageImages }: FinishingDeps): Promise<void> {
  if (a.storedKey) await ctx.blobs.delete(a.storedKey).catch(() => undefined);
  await pageImages.discard(a.images);
}

function stopIfCanceled(a: Attempt): void {
  if (a.signal.aborted) throw new RenderError('render_canceled', 'job canceled');
}

/** A warning the job's failOn names fails it as soon as the PDF is made, before any other step. */
function failOnProduced(a: Attempt): void {
  enforceFailOn(a.job.warnings_json, a.result!.diagnostics, a.prepared.failOn);
}

async function applyDocumentOptions(a: Attempt, { ctx }: FinishingDeps): Promise<void> {
  const { request, failOn } = a.prepared;
  a.finishedAt = ctx.clock.now();
  const finished = await finishDocument(a.pdf!, a.post!, new Date(a.finishedAt), request.maxOutputBytes, sandboxed(a, ctx));
  // A PDF/UA-1 job's check and the e-invoice's add their warnings to the producer's; failOn may name them.
  if (finished.warnings.length > 0) enforceFailOn(a.job.warnings_json, a.result!.diagnostics, failOn, finished.warnings);
  a.pdf = finished.pdf;
  a.content = finished.content;
}

/** The document options' work on untrusted bytes, run in the sandbox under the job's account and time limit. */
function sandboxed(a: Attempt, ctx: ServiceContext): Parameters<typeof finishDocument>[4] {
  const limits = { account: a.job.account_id, timeoutMs: a.prepared.request.timeoutMs };
  const nowMs = a.finishedAt!;
  // Each sandboxed run is a span of the document options' (what it was asked for as attributes).
  const traced = <T>(name: string, attributes: Record<string, string>, fn: () => Promise<T>) =>
    ctx.tracing.inSpan(name, { attributes }, fn);
  return {
    postProcess: (pdf, req) =>
      traced('folio.pdf.post_process', { 'folio.pdf.options': askedOptions(req) }, async () => {
        const out = await ctx.sandbox.run('pdf.postProcess', { pdf, req }, limits);
        return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
      }),
    steps: (pdf, steps) =>
      traced('folio.pdf.steps', { 'folio.pdf.steps': steps.map((st) => st.type).join(',') }, async () => {
        const [out] = await ctx.sandbox.run('pdf.steps', { sources: [{ bytes: pdf, field: 'the printed PDF' }], steps, nowMs }, limits);
        return Buffer.from(out!.bytes.buffer, out!.bytes.byteOffset, out!.bytes.byteLength);
      }),
    timeoutMs: limits.timeoutMs,
    ua: {
      pageLang: a.result!.pageLang,
      check: (pdf) => traced('folio.pdf.ua_check', {}, () => ctx.sandbox.run('pdf.uaCheck', { pdf }, limits)),
    },
  };
}

/** The options a post-processing request names (those given a value), sorted: a span's attribute. */
const askedOptions = (req: object) =>
  Object.entries(req)
    .filter(([, v]) => v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k]) => k)
    .sort()
    .join(',');

async function storePageImages(a: Attempt, { pageImages }: FinishingDeps): Promise<void> {
  const { timeoutMs, maxOutputBytes } = a.prepared.request;
  const drawn = await drawPageImages(a.content!, a.post!.images!, { timeoutMs, maxOutputBytes });
  stopIfCanceled(a);
  a.images = await pageImages.store({ jobId: a.job.id, attempt: a.job.attempt }, drawn);
}

async function storePdf(a: Attempt, { ctx }: FinishingDeps): Promise<void> {
  await ctx.blobs.put(a.prepared.output.storageKey, a.pdf!);
  a.storedKey = a.prepared.output.storageKey;
}

/** The final document's numbers replace the producer's; the time since its document options counts as render time. */
function describeFinal(a: Attempt): void {
  const final = a.pdf!;
  const produced = a.result!;
  const ms = (step: string) => a.taken.find((t) => t.step === step)?.ms;
  const finishing = a.taken.find((t) => t.step === 'document-options');
  const pageCount = countPdfPages(final);
  const images = ms('page-images');
  a.result = {
    ...produced,
    bytes: final.length,
    sha256: createHash('sha256').update(final).digest('hex'),
    pageCount,
    renderTimeMs: produced.renderTimeMs + (finishing ? Math.round(performance.now() - finishing.startedAt) : 0),
    diagnostics: produced.diagnostics && {
      ...produced.diagnostics,
      timings: {
        ...produced.diagnostics.timings,
        postProcess: ms('document-options') ?? 0,
        ...(images !== undefined ? { images } : {}),
        store: ms('store') ?? 0,
      },
      pageCount,
      bytes: final.length,
    },
  };
}
