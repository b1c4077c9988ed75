// The spans of a job's attempt (docs/operations.md, "Tracing"), in the trace its creating request stored
// (render_jobs.trace_parent), whichever worker takes it:
//   folio.job.queued   -- from the job being due to its claim (made at the claim, with its real start);
//   folio.job.attempt  -- the attempt, parent of everything below;
//     folio.job.prepare, folio.render (the producer: print, parts, Office conversion, Word fill, PDF job)
//       with its page phases folio.render.load, folio.render.ready_wait, folio.render.print placed from the
//       render's own timings, folio.step.<name> (each finishing step: document options, storing…),
//       folio.blob.write (a streamed PDF stored while it prints).
import type { RenderJobsTable } from '../db/tables.js';
import type { RenderResult } from '../render/types.js';
import type { Span, Tracing } from '../observability/tracing.js';

/** What every span of the job says of it. */
export const jobAttributes = (job: RenderJobsTable) => ({
  'folio.job.id': job.id,
  'folio.job.attempt': job.attempt,
  'folio.deploy.id': job.deploy_id,
  'folio.deploy.version': job.deploy_version_no,
  ...(job.batch_id ? { 'folio.batch.id': job.batch_id } : {}),
});

/** The wait of the attempt in the queue, from when it was due to its claim (a span of the past). */
export function recordQueued(tracing: Tracing, job: RenderJobsTable, parent: Span | null): void {
  const claimedAt = Math.max(job.updated_at, job.available_at);
  const span = tracing.start('folio.job.queued', {
    parent,
    startTime: job.available_at,
    attributes: { ...jobAttributes(job), 'folio.queue.wait_ms': claimedAt - job.available_at },
  });
  span?.end(claimedAt);
}

const PHASES = [
  ['load', 'folio.render.load'],
  ['readyWait', 'folio.render.ready_wait'],
  ['print', 'folio.render.print'],
] as const;

/**
 * The producer's page phases as children of its span: the render measured them one after another, and they
 * end where the render did. Also what the render found: pages, bytes, how the page became ready.
 */
export function recordRender(tracing: Tracing, span: Span | null, result: RenderResult, endedAt: number): void {
  if (!span) return;
  const d = result.diagnostics;
  span.setAttributes({
    'folio.render.pages': result.pageCount,
    'folio.render.bytes': result.bytes,
    ...(d?.ready ? { 'folio.render.ready': d.ready.mode, ...(d.ready.detail ? { 'folio.render.ready_detail': d.ready.detail } : {}) } : {}),
    ...(d?.parts ? { 'folio.render.parts': d.parts.count } : {}),
    ...(result.browserVersion ? { 'folio.render.browser': result.browserVersion } : {}),
  });
  const phases = PHASES.filter(([k]) => d?.timings[k] !== undefined);
  let at = endedAt - phases.reduce((sum, [k]) => sum + d!.timings[k]!, 0);
  for (const [k, name] of phases) {
    const ms = d!.timings[k]!;
    tracing.start(name, { parent: span, startTime: at })?.end(at + ms);
    at += ms;
  }
}
