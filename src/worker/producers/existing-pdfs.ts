// What a PDF job (POST /v1/pdf-jobs) does where a render job prints a page: its sources — managed PDFs and
// succeeded render outputs of its account, read again now — are joined and taken through the job's steps in
// the sandbox (src/pdf/pipeline.ts; their bytes are untrusted). The result then goes on like a printed PDF
// through the finishing steps (optimize, encryption, signing; storage), and is recorded like any output.
import { performance } from 'node:perf_hooks';
import type { PdfJobSource } from '../../domain/jobs/job-document.js';
import type { PdfStep } from '../../domain/pdfs/pdf-steps.js';
import { AppError } from '../../errors/app-error.js';
import { RenderError, type RenderResult } from '../../render/types.js';
import type { ServiceContext } from '../../services/context.js';
import type { DocumentPlan } from '../document-step.js';
import { MAX_MERGE_BYTES, type PdfMerges } from '../../services/pdfs/pdf-merges.js';
import { stepFailure } from '../step-failure.js';
import type { Producer } from './producer.js';

export interface PdfJobRun {
  accountId: string;
  sources: PdfJobSource[];
  /** The steps the sandbox applies (`optimize` is the document step's, after it). */
  steps: PdfStep[];
  timeoutMs: number;
  /** The plan's maxRenderOutputBytes: the sources read and the result are bounded by it (and the merge limit). */
  maxOutputBytes: number | null;
  nowMs: number;
}

/** The joined, stepped PDF and the job's result as a render would report it (no page, no browser). */
export async function runPdfJobSources(
  ctx: ServiceContext,
  merges: Pick<PdfMerges, 'resolve'>,
  run: PdfJobRun,
): Promise<{ pdf: Buffer; result: RenderResult }> {
  const t0 = performance.now();
  const maxBytes = Math.min(run.maxOutputBytes ?? MAX_MERGE_BYTES, MAX_MERGE_BYTES);
  const sources: Array<{ bytes: Uint8Array; field: string }> = [];
  let total = 0;
  for (const [i, s] of run.sources.entries()) {
    const field = `sources[${i}]`;
    let resolved: Awaited<ReturnType<PdfMerges['resolve']>>;
    try {
      resolved = await merges.resolve(run.accountId, s, field);
    } catch (err) {
      // Deleted (or its job's output expired) between the job's creation and now.
      if (err instanceof AppError) throw new RenderError('pdf_source_unavailable', `${field}: ${err.message}`);
      throw err;
    }
    total += resolved.bytes;
    if (total > maxBytes)
      throw new RenderError('pdf_limit_exceeded', `the sources hold more than ${maxBytes} bytes, the most a PDF job may read`);
    sources.push({ bytes: await ctx.blobs.getBuffer(resolved.storageKey), field });
  }
  const t1 = performance.now();
  let out: Array<{ bytes: Uint8Array; pageCount: number }>;
  try {
    out = await ctx.sandbox.run(
      'pdf.steps',
      { sources, steps: run.steps, nowMs: run.nowMs },
      { account: run.accountId, timeoutMs: run.timeoutMs },
    );
  } catch (err) {
    throw stepFailure(err, ['step', 'merge_source']);
  }
  const [first] = out;
  if (!first || out.length !== 1) throw new RenderError('pdf_step_failed', 'the steps made more than one PDF; split runs in the request');
  const pdf = Buffer.from(first.bytes.buffer, first.bytes.byteOffset, first.bytes.byteLength);
  const t2 = performance.now();
  return {
    pdf,
    result: {
      bytes: pdf.length,
      pageCount: first.pageCount,
      sha256: '',
      renderTimeMs: Math.round(t2 - t0),
      blocked: [],
      diagnostics: {
        entries: [],
        dropped: { console: 0, exception: 0, request: 0 },
        ready: null,
        timings: { load: Math.round(t1 - t0), steps: Math.round(t2 - t1) },
      },
    },
  };
}

/** `optimize` is a step of the finishing (it linearises the final document); the sandbox runs every other one. */
const isOptimize = (s: PdfStep) => s.type === 'optimize';

/** A PDF job's existing PDFs, joined and taken through its steps: no page is printed. */
export const existingPdfs: Producer = {
  kind: 'existing-pdfs',
  async produce(job, sink, { ctx, merges }) {
    const joined = await runPdfJobSources(ctx, merges, {
      accountId: job.request.accountId,
      sources: job.pdfJob?.sources ?? [],
      steps: (job.post?.steps ?? []).filter((s) => !isOptimize(s)),
      timeoutMs: job.request.timeoutMs,
      maxOutputBytes: job.request.maxOutputBytes,
      nowMs: ctx.clock.now(),
    });
    await sink(joined.pdf);
    return joined.result;
  },
  leaves: (post): NonNullable<DocumentPlan> => ({ ...post, steps: (post.steps ?? []).filter(isOptimize) }),
};
