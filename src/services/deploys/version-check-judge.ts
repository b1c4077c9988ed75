// The judgement of a version check (services/deploys/version-checks.ts): once every print of its batch ended,
// each fixture's PDF (its text by pdftotext, its pages drawn by pdftoppm) against the snapshot the version
// carries, by the rules `folio test` uses (domain/deploys/snapshot-compare.ts, pdf/snapshots/snapshot-judge.ts). Runs in the
// batch combiner (services/batches/batch-products.ts) under its lease; `record` writes the result in the
// transaction that ends the batch's product. A recorded page comes from the account's bundle: it is
// decoded only within MAX_SNAPSHOT_PIXELS (pdf/snapshots/snapshot-pixels.ts).
import type { Transaction } from 'kysely';
import { blobKey } from '../../blobs/keys.js';
import type { RenderBatchesTable, Tables } from '../../db/tables.js';
import { describeDrift, diffHunks, passes, type FixtureVerdict } from '../../domain/deploys/snapshot-compare.js';
import { countPageFiles, readSnapshot, SNAPSHOTS_DIR, type Snapshot } from '../../domain/deploys/snapshot-files.js';
import { isStoredDataError } from '../../domain/stored-data.js';
import { isPdfError } from '../../pdf/errors.js';
import { capturePdf } from '../../pdf/snapshots/snapshot-capture.js';
import { judge } from '../../pdf/snapshots/snapshot-judge.js';
import type { ServiceContext } from '../context.js';

/** A fixture of a check, in item order: the batch item that prints it, or why it could not be printed. */
export interface CheckFixture {
  name: string;
  file: string;
  /** Its item's batch_index; null when it was not printed. */
  index: number | null;
  error?: { code: string; message: string };
}

export type FixtureStatus = 'passed' | 'drifted' | 'no_snapshot' | 'failed';
export type CheckStatus = 'running' | FixtureStatus;

export interface FixturePage {
  page: number;
  kind: 'compared' | 'missing' | 'new';
  drifts: boolean;
  /** Share of the page's pixels that differ (compared pages). */
  ratio?: number;
  sizeMismatch?: boolean;
}

/** One fixture's judgement. */
export interface FixtureResult {
  name: string;
  file: string;
  status: FixtureStatus;
  jobId?: string;
  /** Pages printed now (null when nothing printed). */
  pages: number | null;
  /** Pages of the recorded snapshot (null without one). */
  expectedPages: number | null;
  /** One line: what drifted, why it failed, or that it passed. */
  message: string;
  textDiffers: boolean;
  /** The changed lines of the text with 2 lines of context ("- old", "+ new", "  same", "…"), at most MAX_DIFF_LINES. */
  textDiff?: string[];
  pageResults: FixturePage[];
  /** The browser that printed now, and the one that printed the snapshot. */
  browser: string | null;
  recordedBrowser: string | null;
  error?: { code: string; message: string };
}

const MAX_DIFF_LINES = 60;

export interface CheckJudgement {
  status: FixtureStatus;
  results: FixtureResult[];
}

/** The overall status of judged fixtures: the worst of them (failed, drifted, no_snapshot, passed). */
export function overallStatus(results: Array<{ status: FixtureStatus }>): FixtureStatus {
  for (const s of ['failed', 'drifted', 'no_snapshot'] as const) if (results.some((r) => r.status === s)) return s;
  return 'passed';
}

function textDiffLines(verdictText: ReturnType<typeof diffHunks>): string[] {
  const lines = verdictText.map((l) => (l === null ? '…' : `${l.op} ${l.text}`));
  return lines.length > MAX_DIFF_LINES ? [...lines.slice(0, MAX_DIFF_LINES), `… ${lines.length - MAX_DIFF_LINES} more lines`] : lines;
}

function pageResults(v: FixtureVerdict): FixturePage[] {
  return v.pages.map((p) =>
    p.kind === 'compared'
      ? { page: p.page, kind: p.kind, drifts: p.drifts, ratio: p.comparison.ratio, sizeMismatch: p.comparison.sizeMismatch }
      : { page: p.page, kind: p.kind, drifts: true },
  );
}

export class CheckJudge {
  constructor(private readonly ctx: ServiceContext) {}

  /**
   * The judgement of a check batch whose items all ended (called by the batch combiner under its lease):
   * each fixture's print against its snapshot, by the rules of `folio test`. Recorded by `record`, in the
   * transaction that ends the batch's product.
   */
  async judge(batch: RenderBatchesTable): Promise<CheckJudgement> {
    const check = await this.ctx.db.selectFrom('version_checks').selectAll().where('batch_id', '=', batch.id).executeTakeFirst();
    if (!check) return { status: 'failed', results: [] };
    const fixtures = JSON.parse(check.fixtures_json) as CheckFixture[];
    const jobs = await this.ctx.db
      .selectFrom('render_jobs as j')
      .leftJoin('render_outputs as o', (join) => join.onRef('o.job_id', '=', 'j.id').on('o.state', '=', 'available'))
      .select([
        'j.id',
        'j.batch_index',
        'j.status',
        'j.error_code',
        'j.error_message',
        'o.storage_key',
        'o.page_count',
        'o.browser_version',
      ])
      .where('j.batch_id', '=', batch.id)
      .execute();
    const byIndex = new Map(jobs.map((j) => [j.batch_index, j]));
    const snapshotFiles = await this.ctx.db
      .selectFrom('version_files')
      .select(['path', 'sha256'])
      .where('version_id', '=', check.deploy_version_id)
      .where('path', 'like', `/${SNAPSHOTS_DIR}/%`)
      .execute();
    const results: FixtureResult[] = [];
    for (const f of fixtures) {
      if (f.index === null) {
        results.push(unprinted(f));
        continue;
      }
      const job = byIndex.get(f.index);
      const base = { name: f.name, file: f.file, ...(job ? { jobId: job.id } : {}) };
      const failed = (code: string, message: string): FixtureResult => ({
        ...base,
        status: 'failed',
        pages: job?.page_count ?? null,
        expectedPages: null,
        message,
        textDiffers: false,
        pageResults: [],
        browser: job?.browser_version ?? null,
        recordedBrowser: null,
        error: { code, message },
      });
      if (!job || job.status !== 'succeeded') {
        const code = job?.error_code ?? (job?.status === 'canceled' ? 'render_canceled' : 'render_failed');
        results.push(failed(code, `the print failed: ${job?.error_message ?? job?.status ?? 'no job'}`));
        continue;
      }
      if (!job.storage_key) {
        results.push(failed('render_output_not_found', 'the printed PDF was deleted before it was compared'));
        continue;
      }
      try {
        results.push(await this.judgeFixture(f, job, snapshotFiles, check.tolerance));
      } catch (err) {
        if (isStoredDataError(err, 'snapshot'))
          results.push(failed('snapshot_damaged', `${err.message}: record it again with folio test --update`));
        else if (isPdfError(err, 'poppler_missing', 'pdftotext_failed')) results.push(failed(err.kind, err.message));
        else throw err;
      }
    }
    return { status: overallStatus(results), results };
  }

  private async judgeFixture(
    f: CheckFixture,
    job: { id: string; storage_key: string | null; page_count: number | null; browser_version: string | null },
    snapshotFiles: Array<{ path: string; sha256: string }>,
    tolerance: number,
  ): Promise<FixtureResult> {
    const pdf = await this.ctx.blobs.getBuffer(job.storage_key!);
    const current = await capturePdf(pdf);
    const pages = job.page_count ?? current.images.length;
    const base = { name: f.name, file: f.file, jobId: job.id, browser: job.browser_version };
    const snapshot = await this.snapshotOf(f.name, snapshotFiles);
    if (!snapshot)
      return {
        ...base,
        status: 'no_snapshot',
        pages,
        expectedPages: null,
        message: `no snapshot recorded: run folio test --update and deploy ${SNAPSHOTS_DIR}/${f.name}/ with the version`,
        textDiffers: false,
        pageResults: [],
        recordedBrowser: null,
      };
    const { verdict, textDiff } = await judge(snapshot, { pages, text: current.text, images: current.images }, tolerance, false);
    const ok = passes(verdict);
    return {
      ...base,
      status: ok ? 'passed' : 'drifted',
      pages,
      expectedPages: snapshot.meta.pages,
      message: ok ? `matches its snapshot (${pages} ${pages === 1 ? 'page' : 'pages'})` : describeDrift(verdict),
      textDiffers: !verdict.textEqual,
      ...(verdict.textEqual ? {} : { textDiff: textDiffLines(diffHunks(textDiff, 2)) }),
      pageResults: pageResults(verdict),
      recordedBrowser: snapshot.meta.browser,
    };
  }

  /** The fixture's snapshot from the version's files, or null when it has none. */
  private async snapshotOf(name: string, files: Array<{ path: string; sha256: string }>): Promise<Snapshot | null> {
    const prefix = `/${SNAPSHOTS_DIR}/${name}/`;
    const mine = files.filter((f) => f.path.startsWith(prefix) && !f.path.slice(prefix.length).includes('/'));
    const bytes = new Map<string, Buffer>();
    for (const f of mine) bytes.set(f.path.slice(prefix.length), await this.ctx.blobs.getBuffer(blobKey(f.sha256)));
    return readSnapshot(name, (n) => bytes.get(n) ?? null, countPageFiles(bytes.keys()));
  }

  /** Writes a check's judgement, in the transaction that ends its batch's product. */
  async record(trx: Transaction<Tables>, batchId: string, outcome: CheckJudgement | { failed: true }, now: number): Promise<void> {
    await trx
      .updateTable('version_checks')
      .set(
        'failed' in outcome
          ? { status: 'failed', finished_at: now }
          : { status: outcome.status, results_json: JSON.stringify(outcome.results), finished_at: now },
      )
      .where('batch_id', '=', batchId)
      .execute();
  }
}

export function unprinted(f: CheckFixture): FixtureResult {
  const error = f.error ?? { code: 'fixture_invalid', message: `${f.file} was not printed` };
  return {
    name: f.name,
    file: f.file,
    status: 'failed',
    pages: null,
    expectedPages: null,
    message: error.message,
    textDiffers: false,
    pageResults: [],
    browser: null,
    recordedBrowser: null,
    error,
  };
}
