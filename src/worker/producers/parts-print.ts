// The producer of a long document (docs/long-documents.md): a page whose version or job sets `pdf.parts`
// is printed in parts, each the same template with its slice of the payload's array, then joined.
//  1. Drafts: every part printed once, untagged: how many pages it has, and where its elements land.
//  2. Final prints: every part with the page numbers it has in the joined document (counter(page) from
//     the pages before it, counter(pages) the total, the pages of the references it shows).
//  3. The parts joined by qpdf, with an outline of the drafts' headings (pdf/join-parts.ts), streamed into
//     the sink from disk. Both prints are untagged (part-print.ts): the join keeps no structure tree.
// Where the parts print is a PartLanes (part-lanes.ts): in a worker, every worker's free render slots.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  isMarkedParts,
  markedPartCount,
  markedPartsProblem,
  partOffsets,
  splitPayload,
  type MarkedParts,
} from '../../domain/jobs/document-parts.js';
import { WarningTally } from '../../domain/jobs/job-warnings.js';
import { isPdfError } from '../../pdf/errors.js';
import { joinParts } from '../../pdf/join-parts.js';
import { RenderError, type RenderRequest, type RenderResult } from '../../render/types.js';
import { localLanes, printOnePart, queuedLanes, type PartLanes, type PartWork } from './part-lanes.js';
import type { Producer, RendererPort } from './producer.js';

const JOIN_TIMEOUT_MS = 10 * 60_000;

export const partsPrint: Producer = {
  kind: 'parts-print',
  produce: (job, sink, { renderer, parts }) =>
    printInParts(
      job.request,
      renderer,
      (dir) =>
        parts
          ? queuedLanes(parts.deps, { jobId: job.request.jobId, attempt: parts.attempt }, dir, job.request.signal)
          : localLanes(renderer, job.request, dir),
      (pdf) => sink(pdf),
      parts?.progress,
    ),
};

/**
 * The payloads of the parts, or the job's failure when its payload cannot be split; null for a page split
 * at its marks (every part prints the job's own payload).
 */
export function partsOf(req: RenderRequest): Array<Record<string, unknown>> | null {
  const opt = req.pdf.parts!;
  if (isMarkedParts(opt)) return null;
  let payload: unknown;
  try {
    payload = /\bjson\b/i.test(req.payloadMime) ? JSON.parse(req.payload.toString('utf8')) : undefined;
  } catch {
    payload = undefined;
  }
  const split = splitPayload(payload, opt);
  if (!split.ok) throw new RenderError('render_failed', split.message);
  return split.parts.map((p) => p.payload);
}

/**
 * How many marked elements the page has: its first part printed once on this process's renderer (every
 * part loads the whole page; only a print says what the page built).
 */
async function countMarks(renderer: RendererPort, req: RenderRequest, marks: MarkedParts, dir: string): Promise<number> {
  const file = path.join(dir, 'marks.pdf');
  const spec = { index: 0, pagesBefore: 0, totalPages: null, draft: false, marks };
  const { result } = await printOnePart(renderer, req, { index: 0, payload: null, spec }, file);
  await fs.rm(file, { force: true });
  const marked = result.partFacts?.marked ?? 0;
  const problem = markedPartsProblem(marked, marks);
  if (problem) throw new RenderError('render_failed', problem);
  return marked;
}

async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Where every id landed in the joined document (the first part holding it wins). */
function pagesOfIds(drafts: Array<{ ids: Record<string, number> }>, offsets: number[]): Map<string, number> {
  const pages = new Map<string, number>();
  drafts.forEach((d, k) => {
    for (const [id, page] of Object.entries(d.ids)) if (!pages.has(id)) pages.set(id, offsets[k]! + page);
  });
  return pages;
}

interface PartsPlan {
  indexes: number[];
  work: (spec: PartWork['spec']) => PartWork;
  /** A page split at its marks: the marks and how many the page has. */
  marks?: MarkedParts;
  marked?: number;
}

/** The parts to print: the payload's slices, or the page's marks counted (one print of the first part). */
async function planParts(
  req: RenderRequest,
  renderer: RendererPort,
  payloads: Array<Record<string, unknown>> | null,
  dir: string,
): Promise<PartsPlan> {
  const opt = req.pdf.parts!;
  const marks = isMarkedParts(opt) ? opt : undefined;
  const marked = marks ? await countMarks(renderer, req, marks, dir) : undefined;
  const count = payloads ? payloads.length : markedPartCount(marked!, marks!.size);
  return {
    indexes: Array.from({ length: count }, (_, index) => index),
    work: (spec) => ({ index: spec.index, payload: payloads ? payloads[spec.index]! : null, spec: marks ? { ...spec, marks } : spec }),
    ...(marks ? { marks, marked } : {}),
  };
}

/** A page split at its marks must have had as many in every part's draft as when they were counted. */
function checkSameMarks(plan: PartsPlan, drafts: Array<{ marked?: number }>): void {
  if (!plan.marks) return;
  const moved = drafts.findIndex((d) => d.marked !== plan.marked);
  if (moved >= 0)
    throw new RenderError(
      'render_failed',
      `the page had ${plan.marked} elements matching ${plan.marks.marks} when it was counted and ${drafts[moved]!.marked ?? 0} when part ${moved + 1} printed: a page printed in parts must build the same elements every time`,
    );
}

export async function printInParts(
  req: RenderRequest,
  renderer: RendererPort,
  lanesFor: (dir: string) => PartLanes,
  sink: (pdf: Readable) => Promise<void>,
  progress?: (pagesDone: number) => void | Promise<void>,
): Promise<RenderResult> {
  const started = performance.now();
  const payloads = partsOf(req);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-parts-'));
  const lanes = lanesFor(dir);
  try {
    const plan = await planParts(req, renderer, payloads, dir);
    const drafts = await lanes.drafts(plan.indexes.map((index) => plan.work({ index, pagesBefore: 0, totalPages: null, draft: true })));
    checkSameMarks(plan, drafts);
    const { offsets, total } = partOffsets(drafts.map((d) => d.pages));
    if (req.maxDocumentPages !== undefined && total > req.maxDocumentPages)
      throw new RenderError(
        'pdf_limit_exceeded',
        `the document has ${total} pages; the plan's maxDocumentPages allows ${req.maxDocumentPages}`,
      );
    const idPages = drafts.some((d) => d.references.length > 0) ? pagesOfIds(drafts, offsets) : new Map<string, number>();
    void progress?.(0);
    const finals = await lanes.finals(
      plan.indexes.map((index) => {
        const pageNumbers = Object.fromEntries(
          drafts[index]!.references.flatMap((id) => (idPages.has(id) ? [[id, idPages.get(id)!]] : [])),
        );
        return plan.work({ index, pagesBefore: offsets[index]!, totalPages: total, draft: false, pageNumbers });
      }),
      (done) => void progress?.(done),
    );
    await progress?.(total);
    finals.forEach((f, index) => {
      if (f.pages !== drafts[index]!.pages)
        throw new RenderError(
          'page_references_unstable',
          `part ${index + 1} printed ${drafts[index]!.pages} pages in its draft and ${f.pages} with its page numbers: the numbers moved its content (give placeholders the width of the final numbers)`,
        );
    });
    const out = path.join(dir, 'document.pdf');
    // The outline: every part's printed headings, each on its page of the joined document (pdf.outline, default on).
    const outline =
      req.pdf.outline === false ? [] : drafts.flatMap((d, k) => d.headings.map((h) => ({ ...h, page: offsets[k]! + h.page })));
    const pageCount = await joinParts(
      finals.map((f) => f.file),
      out,
      { timeoutMs: JOIN_TIMEOUT_MS, signal: req.signal, outline },
    ).catch((err: unknown) => {
      if (req.signal?.aborted) throw new RenderError('render_canceled', 'render canceled');
      throw isPdfError(err) ? new RenderError('render_failed', `joining the parts failed: ${(err as Error).message}`) : err;
    });
    await Promise.all(finals.map((f) => fs.rm(f.file, { force: true })));
    const { sha256, bytes } = await hashFile(out);
    if (req.maxOutputBytes !== null && bytes > req.maxOutputBytes)
      throw new RenderError('render_output_too_large', `the joined document is ${bytes} bytes; the plan allows ${req.maxOutputBytes}`);
    await sink(createReadStream(out));
    const first = finals[0]!;
    return {
      bytes,
      pageCount,
      sha256,
      renderTimeMs: Math.round(performance.now() - started),
      ...(first.browserVersion ? { browserVersion: first.browserVersion } : {}),
      blocked: [...new Set(finals.flatMap((f) => f.blocked))].slice(0, 20),
      diagnostics: {
        ...(first.diagnostics ?? { entries: [], dropped: { console: 0, exception: 0, request: 0 }, ready: null, timings: {} }),
        pageCount,
        bytes,
        // Every part's warnings, counted together: failOn and the job's warnings see a problem in any part.
        warnings: finals.reduce((tally, f) => tally.addAll(f.warnings), new WarningTally()).list(),
        parts: { count: plan.indexes.length, pages: finals.map((f) => f.pages), workers: new Set(finals.map((f) => f.printer)).size },
      },
    };
  } finally {
    await lanes.cleanup?.().catch(() => {});
    await fs.rm(dir, { recursive: true, force: true });
  }
}
