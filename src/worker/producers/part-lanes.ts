// Where a long document's parts print (docs/long-documents.md). The producer (parts-print.ts) asks for one
// phase at a time -- every part's draft, then every part's final print -- and a PartLanes answers:
// - localLanes: on this process's renderer, as many parts at once as it has render slots (`folio dev`,
//   and the render tests);
// - queuedLanes: through render_job_parts (services/jobs/job-parts.ts), so that every worker with a free
//   render slot prints some of them (worker/part-printer.ts); final PDFs travel through the blob store.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { attemptPrefixes, type JobAttempt } from '../../blobs/keys.js';
import type { RenderJobPartsTable } from '../../db/tables.js';
import type { JobWarning } from '../../domain/jobs/job-warnings.js';
import { isPdfError } from '../../pdf/errors.js';
import { destinationViews, type DestinationView } from '../../pdf/destinations.js';
import { RenderError, type PartPrint, type RenderRequest, type RenderResult } from '../../render/types.js';
import type { PartPhase } from '../../services/jobs/job-parts.js';
import type { QueuedLanesDeps, RendererPort } from './producer.js';

/** One print of one part: its payload (the job's with its slice; null: the job's own) and where it stands. */
export interface PartWork {
  index: number;
  payload: object | null;
  spec: PartPrint;
}

export interface DraftOutcome {
  pages: number;
  /** Ids the part refers to (data-folio-page-of, folio.pageOf). */
  references: string[];
  /** Where each element with an id landed, by page of the part. */
  ids: Record<string, number>;
  /** The part's headings that were printed, in order, each on its page of the part: the outline's entries. */
  headings: DraftHeading[];
  /** How many marked elements the page had (a page split at its marks). */
  marked?: number;
}

export interface DraftHeading {
  level: number;
  title: string;
  page: number;
  view: DestinationView['view'];
}

export interface FinalOutcome {
  pages: number;
  /** The part's warnings (a 404 image, a blocked request…): the job's are every part's. */
  warnings: JobWarning[];
  /** Which worker printed it (the job's diagnostics count them). */
  printer: string;
  /** The part's PDF, on this machine. */
  file: string;
  blocked: string[];
  browserVersion?: string;
  diagnostics?: RenderResult['diagnostics'];
}

export interface PartLanes {
  drafts(works: PartWork[]): Promise<DraftOutcome[]>;
  finals(works: PartWork[], onPrinted: (pagesDone: number) => void): Promise<FinalOutcome[]>;
  /** Removes what the prints left outside the producer's folder (queued prints and their stored PDFs). */
  cleanup?(): Promise<void>;
}

/** Times a part is printed again at once after the browser crashed under it. */
const CRASH_RETRIES = 2;
const DESTINATIONS_TIMEOUT_MS = 60_000;

/** Prints one part into `file` (a crash is tried again, that part only); a draft also says where its ids landed. */
export async function printOnePart(
  renderer: RendererPort,
  req: RenderRequest,
  work: PartWork,
  file: string,
): Promise<{ result: RenderResult; draft: Omit<DraftOutcome, 'pages'> | null }> {
  const partReq: RenderRequest = {
    ...req,
    ...(work.payload === null ? {} : { payload: Buffer.from(JSON.stringify(work.payload)), payloadMime: 'application/json' }),
    pdf: { ...req.pdf, parts: undefined },
    part: work.spec,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await renderer.render(partReq, (pdf: Readable) => pipeline(pdf, createWriteStream(file, { mode: 0o600 })));
      return { result, draft: work.spec.draft ? await draftOf(result, file, work.index) : null };
    } catch (err) {
      if (!(err instanceof RenderError) || err.code !== 'render_crashed' || attempt >= CRASH_RETRIES) throw partFailure(err, work.index);
    }
  }
}

/** What a draft found: the ids its page refers to, where every id landed, and its printed headings. */
async function draftOf(result: RenderResult, file: string, index: number): Promise<Omit<DraftOutcome, 'pages'>> {
  let views: Map<string, DestinationView>;
  try {
    views = await destinationViews(await fs.readFile(file), { timeoutMs: DESTINATIONS_TIMEOUT_MS });
  } catch (err) {
    if (isPdfError(err, 'destinations'))
      throw new RenderError('render_failed', `reading where part ${index + 1}'s elements landed failed: ${err.message}`);
    throw err;
  }
  const facts = result.partFacts ?? { references: [], headings: [] };
  return {
    references: facts.references,
    ...(facts.marked === undefined ? {} : { marked: facts.marked }),
    ids: Object.fromEntries([...views].map(([id, v]) => [id, v.page])),
    headings: facts.headings.flatMap((h) => {
      const v = views.get(h.id);
      return v ? [{ level: h.level, title: h.title, page: v.page, view: v.view }] : [];
    }),
  };
}

const partFailure = (err: unknown, index: number) =>
  err instanceof RenderError && err.code !== 'render_canceled' && !err.message.startsWith('part ')
    ? Object.assign(new RenderError(err.code, `part ${index + 1}: ${err.message}`), err.diagnostics ? { diagnostics: err.diagnostics } : {})
    : err;

/** Runs fn over the items, `limit` at a time; the first failure stops new ones and is thrown. */
async function eachLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
  return out;
}

/** The parts printed by this process's renderer, a part per render slot. */
export function localLanes(renderer: RendererPort, req: RenderRequest, dir: string): PartLanes {
  const lanes = Math.max(1, renderer.concurrency ?? 1);
  return {
    drafts: (works) =>
      eachLimited(works, lanes, async (w) => {
        const file = path.join(dir, `draft-${w.index}.pdf`);
        const { result, draft } = await printOnePart(renderer, req, w, file);
        await fs.rm(file, { force: true });
        return { pages: result.pageCount, ...draft! };
      }),
    finals: (works, onPrinted) => {
      let pagesDone = 0;
      return eachLimited(works, lanes, async (w) => {
        const file = path.join(dir, `part-${w.index}.pdf`);
        const { result } = await printOnePart(renderer, req, w, file);
        onPrinted((pagesDone += result.pageCount));
        return {
          pages: result.pageCount,
          warnings: result.diagnostics?.warnings ?? [],
          printer: 'this process',
          file,
          blocked: result.blocked,
          browserVersion: result.browserVersion,
          diagnostics: result.diagnostics,
        };
      });
    },
  };
}

/** What a queued final print records: where its PDF is, and what the job shows of it. */
export interface StoredFinal {
  key: string;
  warnings: JobWarning[];
  /** The worker that printed it. */
  printer: string;
  blocked: string[];
  browserVersion?: string;
  diagnostics?: RenderResult['diagnostics'];
}

/**
 * Where a final print's PDF is kept until the job's worker joins it: inside the attempt's own folder, named
 * by the run, the part and the claim, so that no other print of the part writes over it.
 */
export const partKey = (a: JobAttempt, row: Pick<RenderJobPartsTable, 'run_id' | 'part_index' | 'attempt'>) =>
  `${attemptPrefixes(a)[0]}part-${row.run_id}-${row.part_index}-${row.attempt}.pdf`;

/** The parts printed by every worker's free render slots, through render_job_parts. */
export function queuedLanes(deps: QueuedLanesDeps, job: JobAttempt, dir: string, signal?: AbortSignal): PartLanes {
  // This producer's run on the job: its rows and stored parts are its own, whoever takes the job later.
  const runId = randomBytes(6).toString('hex');
  const run = async (phase: PartPhase, works: PartWork[], onRow: (row: RenderJobPartsTable) => void): Promise<RenderJobPartsTable[]> => {
    await deps.parts.queue(
      job.jobId,
      runId,
      phase,
      works.map((w) => w.spec),
    );
    deps.wake();
    const seen = new Set<number>();
    for (;;) {
      if (signal?.aborted) throw new RenderError('render_canceled', 'render canceled');
      const rows = await deps.parts.phase(job.jobId, runId, phase);
      // Rows gone: another worker took the job over (or the janitor found it no longer rendering).
      if (rows.length !== works.length)
        throw new RenderError('render_crashed', 'the part prints of this render were removed: the job was taken over');
      const failed = rows.find((r) => r.status === 'failed');
      // A worker without a browser gave the print back; for the job that is a crash to retry, not a reason
      // to put it back in the queue as it is.
      const code = (failed?.error_code as RenderError['code'] | null) ?? 'render_failed';
      if (failed)
        throw new RenderError(
          code === 'render_provider_unavailable' ? 'render_crashed' : code,
          failed.error_message ?? `part ${failed.part_index + 1} failed`,
        );
      for (const r of rows) {
        if (r.status !== 'done' || seen.has(r.part_index)) continue;
        seen.add(r.part_index);
        onRow(r);
      }
      if (rows.every((r) => r.status === 'done')) return rows;
      await deps.changed(job.jobId, 500);
    }
  };
  return {
    cleanup: async () => {
      for (const r of await deps.parts.phase(job.jobId, runId, 'final')) {
        const key = r.result_json ? (JSON.parse(r.result_json) as StoredFinal).key : null;
        if (key) await deps.blobs.delete(key).catch(() => {});
      }
      await deps.parts.remove(job.jobId, runId);
    },
    drafts: async (works) => {
      const rows = await run('draft', works, () => {});
      return rows.map((r) => {
        const found = JSON.parse(r.result_json ?? '{}') as Partial<DraftOutcome>;
        return {
          pages: r.pages ?? 0,
          references: found.references ?? [],
          ids: found.ids ?? {},
          headings: found.headings ?? [],
          ...(typeof found.marked === 'number' ? { marked: found.marked } : {}),
        };
      });
    },
    finals: async (works, onPrinted) => {
      let pagesDone = 0;
      const rows = await run('final', works, (r) => onPrinted((pagesDone += r.pages ?? 0)));
      return eachLimited(rows, 4, async (r) => {
        const stored = JSON.parse(r.result_json ?? '{}') as StoredFinal;
        const file = path.join(dir, `part-${r.part_index}.pdf`);
        await pipeline(await deps.blobs.get(stored.key), createWriteStream(file, { mode: 0o600 }));
        await deps.blobs.delete(stored.key);
        return {
          pages: r.pages ?? 0,
          warnings: stored.warnings ?? [],
          printer: stored.printer,
          file,
          blocked: stored.blocked ?? [],
          browserVersion: stored.browserVersion,
          diagnostics: stored.diagnostics,
        };
      });
    },
  };
}
