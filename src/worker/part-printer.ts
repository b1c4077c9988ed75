// A worker's share of long documents (docs/long-documents.md): with a free render slot it takes a queued
// part print of any job still rendering (render_job_parts, services/jobs/job-parts.ts), prints it under a
// lease kept by a heartbeat, and records what it found -- a draft's pages and ids, or a final print's PDF
// in the blob store -- for the job's own worker, which joins them (producers/parts-print.ts).
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { RenderJobPartsTable } from '../db/tables.js';
import { isRetryable, type JobErrorCode } from '../domain/jobs/job-errors.js';
import { RenderError, type PartPrint, type RenderRequest } from '../render/types.js';
import type { ServiceContext } from '../services/context.js';
import type { JobParts } from '../services/jobs/job-parts.js';
import type { JobPreparation } from './job-preparation.js';
import { partKey, printOnePart, type StoredFinal } from './producers/part-lanes.js';
import { partsOf } from './producers/parts-print.js';
import type { RendererPort } from './producers/producer.js';

interface PreparedJob {
  key: string;
  attempt: number;
  request: RenderRequest;
  payloads: Array<Record<string, unknown>> | null;
}

export class PartPrinter {
  #active = 0;
  /** The last jobs prepared here: their parts share one preparation and one split of the payload. */
  #prepared: PreparedJob[] = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: {
      parts: JobParts;
      preparation: JobPreparation;
      renderer: RendererPort;
      owner: string;
      /** Tells the job's worker that one of its prints ended. */
      changed(jobId: string): void;
    },
  ) {}

  get active(): number {
    return this.#active;
  }

  /** Takes the next queued part print, if any, and prints it in the background; false when there was none. */
  async claimAndStart(onEnd: () => void): Promise<boolean> {
    const row = await this.deps.parts.claim(this.deps.owner);
    if (!row) return false;
    this.#active++;
    const log = this.ctx.log.child({ jobId: row.job_id, part: row.part_index, phase: row.phase });
    void this.#print(row, log)
      .catch((err) => log.error({ err }, 'part print failed'))
      .finally(() => {
        this.#active--;
        onEnd();
      });
    return true;
  }

  async #print(row: RenderJobPartsTable, log: Logger): Promise<void> {
    const abort = new AbortController();
    let dir: string | null = null;
    const beat = setInterval(
      () =>
        void Promise.all([this.deps.parts.keep(row, this.deps.owner), this.deps.parts.jobRendering(row.job_id)])
          .then(([kept, rendering]) => {
            if (!kept || !rendering) abort.abort();
          })
          .catch((err) => log.warn({ err }, 'part heartbeat failed')),
      Math.max(200, Math.floor(this.ctx.config.workerLeaseMs / 3)),
    );
    try {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-part-'));
      const job = await this.#prepare(row.job_id, abort.signal);
      if (!job) return; // the job ended meanwhile: its worker removes the rows
      const spec = JSON.parse(row.spec_json) as PartPrint;
      const file = path.join(dir, `${row.phase}-${row.part_index}.pdf`);
      const work = { index: row.part_index, payload: job.payloads === null ? null : job.payloads[row.part_index]!, spec };
      const { result, draft } = await printOnePart(this.deps.renderer, { ...job.request, signal: abort.signal }, work, file);
      if (row.phase === 'draft') {
        await this.deps.parts.done(row, this.deps.owner, result.pageCount, draft);
      } else {
        const key = partKey({ jobId: row.job_id, attempt: job.attempt }, row);
        await this.ctx.blobs.put(key, createReadStream(file));
        const stored: StoredFinal = {
          key,
          printer: this.deps.owner,
          blocked: result.blocked,
          ...(result.browserVersion ? { browserVersion: result.browserVersion } : {}),
          // Every part's warnings (failOn reads them), the first part's diagnostics in full.
          warnings: result.diagnostics?.warnings ?? [],
          ...(row.part_index === 0 && result.diagnostics ? { diagnostics: result.diagnostics } : {}),
        };
        if (!(await this.deps.parts.done(row, this.deps.owner, result.pageCount, stored))) await this.ctx.blobs.delete(key);
      }
    } catch (err) {
      const e = err instanceof RenderError ? err : null;
      if (e?.code === 'render_canceled' || abort.signal.aborted) return; // the job ended, or the lease moved on
      if (!e) log.error({ err }, 'unexpected part print error');
      await this.deps.parts.failed(
        row,
        this.deps.owner,
        e?.code ?? 'render_failed',
        e?.message ?? `an internal error stopped part ${row.part_index + 1} (the server's log has it under job ${row.job_id})`,
        e !== null && (e.code === 'render_provider_unavailable' || isRetryable(e.code as JobErrorCode)),
      );
    } finally {
      clearInterval(beat);
      if (dir) await fs.rm(dir, { recursive: true, force: true });
      this.deps.changed(row.job_id);
    }
  }

  /** The job's render request and its parts' payloads, prepared once per job attempt here; null when the job is not rendering. */
  async #prepare(jobId: string, signal: AbortSignal): Promise<PreparedJob | null> {
    const job = await this.ctx.db.selectFrom('render_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    if (!job || job.status !== 'rendering') return null;
    const key = `${job.id}#${job.attempt}`;
    const cached = this.#prepared.find((p) => p.key === key);
    if (cached) return cached;
    const prepared = await this.deps.preparation.prepare(job, signal);
    const entry = { key, attempt: job.attempt, request: prepared.request, payloads: partsOf(prepared.request) };
    this.#prepared = [entry, ...this.#prepared.filter((p) => p.key !== key)].slice(0, 2);
    return entry;
  }
}
