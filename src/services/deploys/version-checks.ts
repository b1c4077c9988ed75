// Version checks: a version's fixtures (tests/<name>.json among its files) printed again on the server and
// compared with the snapshots the version carries (__snapshots__/<name>/, recorded by `folio test
// --update`), so an operator sees which live versions print differently — after a Chromium upgrade, say —
// before customers do. The prints are the items of a render batch with combine "check" (every item an
// ordinary render job: quotas, meters, diagnostics, the worker's fairness), and the batch's product is the
// judgement: once the last item ended the combiner (services/batches/batch-products.ts) has CheckJudge
// (version-check-judge.ts) compare each print by the rules `folio test` uses and record the results.
import { blobKey } from '../../blobs/keys.js';
import type { VersionChecksTable } from '../../db/tables.js';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { newId } from '../../domain/ids.js';
import { DEFAULT_TOLERANCE } from '../../domain/deploys/snapshot-compare.js';
import { bundleFixtures, MAX_VERSION_FIXTURES } from '../../domain/deploys/snapshot-files.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { unprinted, type CheckFixture, type CheckStatus, type FixtureResult } from './version-check-judge.js';
import type { Deploys } from './deploys.js';
import type { RenderBatches } from '../batches/render-batches.js';

export class VersionChecks {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { deploys: Deploys; batches: RenderBatches },
  ) {}

  /**
   * POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks: the deploy (404), the version (404), its
   * fixtures (409 without any), each read as JSON (one that is not is a failed fixture, not a refused
   * check), then the batch of prints and the check row in one transaction (quotas as for a batch).
   */
  async create(accountId: string, deployId: string, versionId: string, opts: { tolerance?: number }) {
    await this.deps.deploys.require(accountId, deployId);
    const version = await this.ctx.db
      .selectFrom('deploy_versions')
      .select(['id'])
      .where('id', '=', versionId)
      .where('deploy_id', '=', deployId)
      .executeTakeFirst();
    if (!version) throw new AppError('deploy_version_not_found', `version ${versionId} not found in deploy ${deployId}`);
    const files = await this.ctx.db
      .selectFrom('version_files')
      .select(['path', 'sha256', 'size'])
      .where('version_id', '=', version.id)
      .orderBy('path')
      .execute();
    // Bundle paths begin with "/"; a check names files as the template folder does (tests/paid.json).
    const byPath = new Map(files.map((f) => [f.path, f]));
    const found = bundleFixtures([...byPath.keys()]).map((f) => {
      const stored = byPath.get(f.file)!;
      return { name: f.name, file: f.file.replace(/^\//, ''), sha256: stored.sha256, size: Number(stored.size) };
    });
    if (found.length === 0)
      throw new AppError(
        'version_has_no_fixtures',
        `version ${versionId} has no fixtures: deploy the template with tests/<name>.json payloads (or a sample-payload.json) and their __snapshots__/ (recorded by folio test --update)`,
      );
    if (found.length > MAX_VERSION_FIXTURES)
      throw new AppError(
        'invalid_request',
        `version ${versionId} has ${found.length} fixtures; a check prints at most ${MAX_VERSION_FIXTURES}`,
      );
    const tolerance = opts.tolerance ?? DEFAULT_TOLERANCE;

    const { fixtures, items } = await this.#readFixtures(found);

    const now = this.ctx.clock.now();
    const id = newId('chk', now);
    const row = (batchId: string | null, at: number): VersionChecksTable => ({
      id,
      account_id: accountId,
      deploy_id: deployId,
      deploy_version_id: version.id,
      batch_id: batchId,
      tolerance,
      fixtures_json: JSON.stringify(fixtures),
      status: batchId === null ? 'failed' : 'running',
      results_json: batchId === null ? JSON.stringify(fixtures.map((f) => unprinted(f))) : null,
      created_at: at,
      finished_at: batchId === null ? at : null,
    });
    if (items.length === 0) {
      // Nothing to print: the check is over as it starts, every fixture failed.
      await this.ctx.db.insertInto('version_checks').values(row(null, now)).execute();
    } else {
      try {
        await this.deps.batches.create(
          accountId,
          { deployId, deployVersionId: version.id, combine: 'check', items },
          async (trx, batchId, at) => {
            await trx.insertInto('version_checks').values(row(batchId, at)).execute();
          },
        );
      } catch (err) {
        throw asFixtureError(err, fixtures);
      }
    }
    return { check: await this.get(accountId, deployId, versionId, id) };
  }

  /** Each fixture's payload read as JSON: a fixture too large or not JSON is a failed fixture, not a refused check. */
  async #readFixtures(found: Array<{ name: string; file: string; sha256: string; size: number }>) {
    const fixtures: CheckFixture[] = [];
    const items: Array<{ payload: unknown; hasPayload: true; outputMode: 'transient' }> = [];
    for (const f of found) {
      const refuse = (message: string) =>
        fixtures.push({ name: f.name, file: f.file, index: null, error: { code: 'fixture_invalid', message } });
      if (f.size > this.ctx.config.maxPayloadBytes) {
        refuse(`${f.file} is ${f.size} bytes; a payload may be at most ${this.ctx.config.maxPayloadBytes}`);
        continue;
      }
      let payload: unknown;
      try {
        payload = JSON.parse((await this.ctx.blobs.getBuffer(blobKey(f.sha256))).toString('utf8'));
      } catch (err) {
        refuse(`${f.file} is not valid JSON: ${(err as Error).message}`);
        continue;
      }
      fixtures.push({ name: f.name, file: f.file, index: items.length });
      items.push({ payload, hasPayload: true, outputMode: 'transient' });
    }
    return { fixtures, items };
  }

  /** A version's checks, newest first. */
  async list(accountId: string, deployId: string, versionId: string, opts: { cursor?: string; limit: number }) {
    await this.requireVersion(accountId, deployId, versionId);
    let q = this.ctx.db
      .selectFrom('version_checks')
      .selectAll()
      .where('deploy_version_id', '=', versionId)
      .where('account_id', '=', accountId);
    if (opts.cursor !== undefined) {
      const c = decodeCursor(opts.cursor, { id: 'string' });
      if (!c) throw new AppError('invalid_request', 'cursor is malformed', { field: 'cursor' });
      q = q.where('id', '<', c.id as string);
    }
    const rows = await q
      .orderBy('id', 'desc')
      .limit(opts.limit + 1)
      .execute();
    const page = rows.slice(0, opts.limit);
    return {
      items: await Promise.all(page.map((r) => this.view(r))),
      nextCursor: rows.length > opts.limit ? encodeCursor({ id: page[page.length - 1]!.id }) : null,
    };
  }

  async get(accountId: string, deployId: string, versionId: string, checkId: string) {
    await this.requireVersion(accountId, deployId, versionId);
    const row = await this.ctx.db
      .selectFrom('version_checks')
      .selectAll()
      .where('id', '=', checkId)
      .where('deploy_version_id', '=', versionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw new AppError('version_check_not_found', `check ${checkId} not found for version ${versionId}`);
    return this.view(row);
  }

  private async requireVersion(accountId: string, deployId: string, versionId: string) {
    await this.deps.deploys.require(accountId, deployId);
    const v = await this.ctx.db
      .selectFrom('deploy_versions')
      .select('id')
      .where('id', '=', versionId)
      .where('deploy_id', '=', deployId)
      .executeTakeFirst();
    if (!v) throw new AppError('deploy_version_not_found', `version ${versionId} not found in deploy ${deployId}`);
  }

  private async view(row: VersionChecksTable) {
    const fixtures = JSON.parse(row.fixtures_json) as CheckFixture[];
    let results: Array<FixtureResult | { name: string; file: string; status: 'pending'; jobId?: string }>;
    let error: { code: string; message: string } | undefined;
    if (row.results_json !== null) results = JSON.parse(row.results_json) as FixtureResult[];
    else {
      const jobs = row.batch_id
        ? await this.ctx.db.selectFrom('render_jobs').select(['id', 'batch_index']).where('batch_id', '=', row.batch_id).execute()
        : [];
      const byIndex = new Map(jobs.map((j) => [j.batch_index, j.id]));
      results = fixtures.map((f) => {
        if (f.index === null) return unprinted(f);
        const jobId = byIndex.get(f.index);
        return { name: f.name, file: f.file, status: 'pending' as const, ...(jobId ? { jobId } : {}) };
      });
    }
    if (row.status === 'failed' && row.batch_id && row.results_json === null) {
      const b = await this.ctx.db
        .selectFrom('render_batches')
        .select(['combine_error_code', 'combine_error_message'])
        .where('id', '=', row.batch_id)
        .executeTakeFirst();
      if (b?.combine_error_code) error = { code: b.combine_error_code, message: b.combine_error_message ?? '' };
    }
    const counts = { pending: 0, passed: 0, drifted: 0, no_snapshot: 0, failed: 0 };
    for (const r of results) counts[r.status]++;
    return {
      id: row.id,
      deployId: row.deploy_id,
      deployVersionId: row.deploy_version_id,
      batchId: row.batch_id,
      status: row.status as CheckStatus,
      tolerance: row.tolerance,
      counts: {
        pending: counts.pending,
        passed: counts.passed,
        drifted: counts.drifted,
        noSnapshot: counts.no_snapshot,
        failed: counts.failed,
      },
      fixtures: results,
      ...(error ? { error } : {}),
      createdAt: Number(row.created_at),
      ...(row.finished_at !== null ? { finishedAt: Number(row.finished_at) } : {}),
    };
  }
}

/** A batch item's 400 (`items[2]: …`) said as the fixture it prints (`tests/paid.json: …`). */
function asFixtureError(err: unknown, fixtures: CheckFixture[]): unknown {
  if (!(err instanceof AppError) || err.status !== 400 || typeof err.details?.field !== 'string') return err;
  const m = /^items\[(\d+)\]/.exec(err.details.field);
  const fixture = m ? fixtures.find((f) => f.index === Number(m[1])) : undefined;
  if (!fixture) return err;
  return new AppError(err.code, err.message.replace(/^items\[\d+\]/, fixture.file), { ...err.details, field: fixture.file });
}
