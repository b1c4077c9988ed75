import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { AppError } from '../../errors/app-error.js';
import type { Kysely, Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Tables } from '../../db/tables.js';
import type { ServiceContext } from '../context.js';
import type { Deploys } from './deploys.js';
import { aliasView, versionView } from '../views.js';

/** What `resolve` returns of a version. */
const RESOLVED_COLUMNS = ['id', 'version_no', 'route', 'title', 'payload_schema_json', 'metadata_json', 'render_timeout_ms'] as const;
// resolve's statements run for every render job: built and compiled once (db/precompiled.ts).
const latestVersion = precompiled(['deployId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploy_versions').select(RESOLVED_COLUMNS).where('deploy_id', '=', p.deployId).orderBy('version_no', 'desc').limit(1),
);
const versionById = precompiled(['id', 'deployId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploy_versions').select(RESOLVED_COLUMNS).where('id', '=', p.id).where('deploy_id', '=', p.deployId),
);
const aliasTarget = precompiled(['deployId', 'alias'], (db: Kysely<Tables>, p) =>
  db.selectFrom('aliases').select('deploy_version_id').where('deploy_id', '=', p.deployId).where('alias', '=', p.alias),
);

export const ALIAS_PATTERN = '^[a-z][a-z0-9-]{0,62}$';
const aliasRe = new RegExp(ALIAS_PATTERN);

/** Why a version must be kept besides an alias (unfinished render jobs use it), or null. */
export type VersionInUseCheck = (trx: Transaction<Tables>, versionId: string) => Promise<string | null>;

export class Versions {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    /** Checks that make a version undeletable besides aliases, asked in order. */
    private readonly inUseChecks: readonly VersionInUseCheck[] = [],
  ) {}

  async list(accountId: string, deployId: string, opts: { cursor?: string; limit: number }) {
    await this.deploys.require(accountId, deployId);
    let q = this.ctx.db.selectFrom('deploy_versions').selectAll().where('deploy_id', '=', deployId);
    if (opts.cursor !== undefined) {
      const c = decodeCursor(opts.cursor, { v: 'number' });
      if (!c) throw new AppError('invalid_request', 'cursor is malformed', { field: 'cursor' });
      q = q.where('version_no', '<', c.v as number);
    }
    const rows = await q
      .orderBy('version_no', 'desc')
      .limit(opts.limit + 1)
      .execute();
    const page = rows.slice(0, opts.limit);
    return {
      items: page.map(versionView),
      nextCursor: rows.length > opts.limit ? encodeCursor({ v: page[page.length - 1].version_no }) : null,
    };
  }

  async require(accountId: string, deployId: string, versionId: string) {
    await this.deploys.require(accountId, deployId);
    const row = await this.ctx.db
      .selectFrom('deploy_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('deploy_id', '=', deployId)
      .executeTakeFirst();
    if (!row) throw new AppError('deploy_version_not_found', `version ${versionId} not found in deploy ${deployId}`);
    return row;
  }

  async get(accountId: string, deployId: string, versionId: string) {
    return { deployVersion: versionView(await this.require(accountId, deployId, versionId)) };
  }

  async files(accountId: string, deployId: string, versionId: string) {
    await this.require(accountId, deployId, versionId);
    const rows = await this.ctx.db
      .selectFrom('version_files')
      .select(['path', 'sha256', 'size', 'mime'])
      .where('version_id', '=', versionId)
      .orderBy('path')
      .execute();
    return { items: rows };
  }

  async delete(accountId: string, deployId: string, versionId: string): Promise<void> {
    await this.deploys.require(accountId, deployId);
    await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('deploy_versions')
        .select('id')
        .where('id', '=', versionId)
        .where('deploy_id', '=', deployId)
        .executeTakeFirst();
      if (!row) throw new AppError('deploy_version_not_found', `version ${versionId} not found in deploy ${deployId}`);
      const reason = await this.inUseReason(trx, deployId, versionId);
      if (reason) throw new AppError('deploy_version_in_use', `version ${versionId} is in use: ${reason}`);
      await trx.deleteFrom('version_files').where('version_id', '=', versionId).execute();
      await trx.deleteFrom('version_checks').where('deploy_version_id', '=', versionId).execute();
      await trx.deleteFrom('deploy_versions').where('id', '=', versionId).execute();
    });
  }

  /** Why a version must be kept (an alias names it, or unfinished jobs use it), or null. */
  async inUseReason(trx: Transaction<Tables>, deployId: string, versionId: string): Promise<string | null> {
    const alias = await trx
      .selectFrom('aliases')
      .select('alias')
      .where('deploy_id', '=', deployId)
      .where('deploy_version_id', '=', versionId)
      .executeTakeFirst();
    if (alias) return `alias "${alias.alias}" points to it`;
    for (const check of this.inUseChecks) {
      const r = await check(trx, versionId);
      if (r) return r;
    }
    return null;
  }

  /** PUT and POST on the alias path: point an alias at a concrete version of this deploy or at `latest`. */
  async setAlias(accountId: string, deployId: string, alias: string, deployVersionId: string) {
    if (!aliasRe.test(alias)) throw new AppError('invalid_request', `alias must match ${ALIAS_PATTERN}`, { field: 'alias' });
    if (alias === 'latest')
      throw new AppError('invalid_request', '"latest" is a virtual pointer and cannot be an alias name', { field: 'alias' });
    await this.deploys.require(accountId, deployId);
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      if (deployVersionId !== 'latest') {
        const v = await trx
          .selectFrom('deploy_versions')
          .select('id')
          .where('id', '=', deployVersionId)
          .where('deploy_id', '=', deployId)
          .executeTakeFirst();
        if (!v) throw new AppError('deploy_version_not_found', `version ${deployVersionId} not found in deploy ${deployId}`);
      }
      const values = { deploy_id: deployId, alias, deploy_version_id: deployVersionId, updated_at: now };
      await trx
        .insertInto('aliases')
        .values(values)
        .onConflict((oc) => oc.columns(['deploy_id', 'alias']).doUpdateSet({ deploy_version_id: deployVersionId, updated_at: now }))
        .execute();
      return values;
    });
    return aliasView(row);
  }

  /**
   * Resolves `latest`, an alias name or a concrete id to a concrete version of the deploy (render jobs
   * bind to the result at creation). Only the columns a job copies are read: this runs on every job
   * creation, and the version row's other columns (metadata, pack keys) cost time to fetch.
   */
  async resolve(trx: Transaction<Tables> | undefined, deployId: string, ref: string) {
    let target = ref;
    if (ref !== 'latest' && !ref.startsWith('ver_')) {
      const [alias] = await aliasTarget(this.ctx.db, { deployId, alias: ref }, trx);
      if (!alias) throw new AppError('deploy_version_not_found', `no version or alias "${ref}" in deploy ${deployId}`);
      target = alias.deploy_version_id;
    }
    if (target === 'latest') {
      const [latest] = await latestVersion(this.ctx.db, { deployId }, trx);
      if (!latest) throw new AppError('deploy_has_no_versions', `deploy ${deployId} has no committed version yet`);
      return latest;
    }
    const [v] = await versionById(this.ctx.db, { id: target, deployId }, trx);
    if (!v) throw new AppError('deploy_version_not_found', `version ${target} not found in deploy ${deployId}`);
    return v;
  }

  /**
   * Version retention (versionLifecycle): keeps the newest N versions and deletes older ones, sparing any
   * version an alias names or that unfinished jobs use. Runs after each commit.
   */
  async applyRetention(deployId: string): Promise<string[]> {
    const settings = await this.ctx.db
      .selectFrom('deploy_settings')
      .select(['lifecycle_enabled', 'retain_latest_versions'])
      .where('deploy_id', '=', deployId)
      .executeTakeFirst();
    if (!settings || settings.lifecycle_enabled !== 1) return [];
    const old = await this.ctx.db
      .selectFrom('deploy_versions')
      .select('id')
      .where('deploy_id', '=', deployId)
      .orderBy('version_no', 'desc')
      .offset(settings.retain_latest_versions)
      .limit(1000)
      .execute();
    const deleted: string[] = [];
    for (const { id } of old) {
      const gone = await this.ctx.db.transaction().execute(async (trx) => {
        if (await this.inUseReason(trx, deployId, id)) return false;
        await trx.deleteFrom('version_files').where('version_id', '=', id).execute();
        await trx.deleteFrom('version_checks').where('deploy_version_id', '=', id).execute();
        await trx.deleteFrom('deploy_versions').where('id', '=', id).execute();
        return true;
      });
      if (gone) deleted.push(id);
    }
    return deleted;
  }
}
