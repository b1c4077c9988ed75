import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import { ReadCache, type Frozen } from '../../db/read-cache.js';
import type { DeploysTable, DeployVersionsTable, Tables } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { newId } from '../../domain/ids.js';
import { AppError } from '../../errors/app-error.js';
import { newestFirst } from '../pagination.js';
import type { ServiceContext } from '../context.js';
import { aliasView, deployListItem, deployView, versionView } from '../views.js';

export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';
const slugRe = new RegExp(SLUG_PATTERN);

/**
 * The deploy with its aliases and latest version in one statement: the hot read of the API (see
 * bench/README.md, API), where each statement costs more than the rest of the request. One row per alias
 * (or one row with null alias columns); the latest version is the highest versionNo that still exists
 * (the newest can be deleted, so `last_version_no` is not it).
 */
const deployWithAliasesAndLatest = precompiled(['deployId', 'accountId'], (db: Kysely<Tables>, p) =>
  db
    .selectFrom('deploys as d')
    .leftJoin('deploy_versions as v', (join) =>
      join.onRef('v.deploy_id', '=', 'd.id').on('v.version_no', '=', (eb) =>
        eb
          .selectFrom('deploy_versions as m')
          .select((sub) => sub.fn.max('m.version_no').as('n'))
          .whereRef('m.deploy_id', '=', 'd.id'),
      ),
    )
    .leftJoin('aliases as a', 'a.deploy_id', 'd.id')
    .selectAll('v')
    .select([
      'd.id as d_id',
      'd.account_id as d_account_id',
      'd.slug as d_slug',
      'd.name as d_name',
      'd.last_version_no as d_last_version_no',
      'd.created_at as d_created_at',
    ])
    .select(['a.alias as a_alias', 'a.deploy_version_id as a_deploy_version_id', 'a.updated_at as a_updated_at'])
    .where('d.id', '=', p.deployId)
    .where('d.account_id', '=', p.accountId)
    .orderBy('a.alias'),
);

type DeployDetail = Awaited<ReturnType<typeof loadDetail>>;

/** One statement: see deployWithAliasesAndLatest. */
async function loadDetail(db: Kysely<Tables>, accountId: string, deployId: string) {
  const rows = await deployWithAliasesAndLatest(db, { deployId, accountId });
  const r = rows[0];
  if (!r) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
  const deploy: DeploysTable = {
    id: r.d_id,
    account_id: r.d_account_id,
    slug: r.d_slug,
    name: r.d_name,
    last_version_no: r.d_last_version_no,
    created_at: r.d_created_at,
  };
  const aliases = rows.flatMap((a) =>
    a.a_alias === null
      ? []
      : [aliasView({ deploy_id: r.d_id, alias: a.a_alias, deploy_version_id: a.a_deploy_version_id!, updated_at: a.a_updated_at! })],
  );
  // Left-joined: every version column is null when the deploy has no version yet.
  return { deploy: deployView(deploy), aliases, latestVersion: r.id === null ? null : versionView(r as DeployVersionsTable) };
}

/**
 * What other aggregates (render jobs) do inside a deploy's delete transaction; the function it answers runs
 * after the commit (announcing what it changed).
 */
export type DeployDeleteHook = (trx: Transaction<Tables>, deployId: string) => Promise<(() => void) | null>;

export class Deploys {
  /** GET /v1/deploys/{id} is the API's hot read (bench/api): on SQLite it is answered from memory until anything is written. */
  private readonly details: ReadCache<DeployDetail>;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly hooks: { onDelete?: DeployDeleteHook } = {},
  ) {
    this.details = new ReadCache(ctx.dataVersion);
  }

  /** Inserts a deploy inside the caller's transaction (upload sessions create deploys inline). */
  async insert(trx: Transaction<Tables>, accountId: string, slug: string, name: string) {
    if (!slugRe.test(slug)) throw new AppError('invalid_request', `slug must match ${SLUG_PATTERN}`, { field: 'slug' });
    const now = this.ctx.clock.now();
    const row = { id: newId('dep', now), account_id: accountId, slug, name, last_version_no: 0, created_at: now };
    // The unique (account_id, slug) constraint decides races: of 20 concurrent creates, one insert wins.
    const existing = await trx
      .selectFrom('deploys')
      .select('id')
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (existing) throw new AppError('deploy_slug_conflict', `slug "${slug}" is already used by deploy ${existing.id}`);
    try {
      await trx.insertInto('deploys').values(row).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('deploy_slug_conflict', `slug "${slug}" is already in use`);
      throw err;
    }
    return row;
  }

  /** The id of the account's deploy with this slug, or null. */
  async idOfSlug(accountId: string, slug: string): Promise<string | null> {
    const row = await this.ctx.db
      .selectFrom('deploys')
      .select('id')
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async create(accountId: string, slug: string, name: string) {
    try {
      const row = await this.ctx.db.transaction().execute((trx) => this.insert(trx, accountId, slug, name));
      return { deploy: deployView(row) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('deploy_slug_conflict', `slug "${slug}" is already in use`);
      throw err;
    }
  }

  /** Loads a deploy of this account or throws 404 (another account's deploy is 404 too: no leak). */
  async require(accountId: string, deployId: string) {
    const row = await this.ctx.db
      .selectFrom('deploys')
      .selectAll()
      .where('id', '=', deployId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
    return row;
  }

  /** The deploy with its aliases and latest version (the key includes the account: no cross-account hits). */
  async get(accountId: string, deployId: string): Promise<Frozen<DeployDetail>> {
    return this.details.get(`${accountId}/${deployId}`, () => loadDetail(this.ctx.db, accountId, deployId));
  }

  async list(accountId: string, opts: { cursor?: string; limit: number }) {
    return newestFirst(this.ctx.db.selectFrom('deploys').selectAll().where('account_id', '=', accountId), opts, deployListItem);
  }

  async update(accountId: string, deployId: string, patch: { name?: string; slug?: string }) {
    if (patch.slug !== undefined && !slugRe.test(patch.slug))
      throw new AppError('invalid_request', `slug must match ${SLUG_PATTERN}`, { field: 'slug' });
    try {
      const row = await this.ctx.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('deploys')
          .selectAll()
          .where('id', '=', deployId)
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (!current) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
        if (patch.slug !== undefined && patch.slug !== current.slug) {
          const taken = await trx
            .selectFrom('deploys')
            .select('id')
            .where('account_id', '=', accountId)
            .where('slug', '=', patch.slug)
            .executeTakeFirst();
          if (taken) throw new AppError('deploy_slug_conflict', `slug "${patch.slug}" is already used by deploy ${taken.id}`);
        }
        const next = {
          ...current,
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        };
        await trx.updateTable('deploys').set({ name: next.name, slug: next.slug }).where('id', '=', deployId).execute();
        return next;
      });
      return { deploy: deployView(row) };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('deploy_slug_conflict', `slug "${patch.slug}" is already in use`);
      throw err;
    }
  }

  /**
   * Deletes the deploy with its versions, aliases, settings and open upload sessions; the slug is free at
   * once. Blobs stay until garbage collection finds them unreferenced.
   */
  async delete(accountId: string, deployId: string): Promise<void> {
    const afterCommit = await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('deploys').where('id', '=', deployId).where('account_id', '=', accountId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
      return this.#deleteBelongings(trx, deployId);
    });
    afterCommit?.();
  }

  /**
   * Deploys created by an upload session (`createDeploy`) that expired without a commit, and that still have
   * no version and no other open or committed session: an upload that failed leaves no empty deploy. The
   * conditions are checked again in the delete itself. Run by the janitor after it expires sessions.
   */
  async removeAbandoned(): Promise<number> {
    const candidates = await this.ctx.db
      .selectFrom('deploys')
      .select('deploys.id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('upload_sessions as c')
            .select('c.id')
            .whereRef('c.deploy_id', '=', 'deploys.id')
            .where('c.created_deploy', '=', 1)
            .where('c.status', '=', 'expired'),
        ),
      )
      .where(noVersion)
      .where(noLiveSession)
      .execute();
    let removed = 0;
    for (const { id } of candidates) if (await this.#removeIfEmpty(id)) removed++;
    return removed;
  }

  /**
   * A commit refused for its files: the session that created its deploy is closed, and the deploy goes with
   * it while it has no version and no other open or committed session (a retry then creates it again,
   * rather than finding an empty deploy of that slug). Nothing for a session of an existing deploy.
   */
  async closeRefusedSession(session: { id: string; deploy_id: string; created_deploy: number }): Promise<boolean> {
    await this.ctx.db
      .updateTable('upload_sessions')
      .set({ status: 'expired' })
      .where('id', '=', session.id)
      .where('status', '=', 'open')
      .execute();
    return session.created_deploy === 1 && this.#removeIfEmpty(session.deploy_id);
  }

  /** Deletes the deploy if it still has no version and no open or committed upload session (checked in the delete). */
  async #removeIfEmpty(deployId: string): Promise<boolean> {
    let removed = false;
    const afterCommit = await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('deploys').where('id', '=', deployId).where(noVersion).where(noLiveSession).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) return null;
      removed = true;
      return this.#deleteBelongings(trx, deployId);
    });
    afterCommit?.();
    return removed;
  }

  /** Everything of a deleted deploy, in the transaction that deleted its row; what to run after it commits. */
  async #deleteBelongings(trx: Transaction<Tables>, deployId: string): Promise<(() => void) | null> {
    const versionIds = trx.selectFrom('deploy_versions').select('id').where('deploy_id', '=', deployId);
    await trx.deleteFrom('version_files').where('version_id', 'in', versionIds).execute();
    await trx.deleteFrom('version_checks').where('deploy_id', '=', deployId).execute();
    await trx.deleteFrom('deploy_versions').where('deploy_id', '=', deployId).execute();
    await trx.deleteFrom('aliases').where('deploy_id', '=', deployId).execute();
    await trx.deleteFrom('deploy_settings').where('deploy_id', '=', deployId).execute();
    await trx.deleteFrom('deploy_env_vars').where('deploy_id', '=', deployId).execute();
    await trx.deleteFrom('deploy_secrets').where('deploy_id', '=', deployId).execute();
    await trx
      .updateTable('upload_sessions')
      .set({ status: 'expired' })
      .where('deploy_id', '=', deployId)
      .where('status', '=', 'open')
      .execute();
    return (await this.hooks.onDelete?.(trx, deployId)) ?? null;
  }
}

/** A deploy without any version. */
const noVersion = (eb: ExpressionBuilder<Tables, 'deploys'>) =>
  eb.not(eb.exists(eb.selectFrom('deploy_versions as v').select('v.id').whereRef('v.deploy_id', '=', 'deploys.id')));

/** A deploy no upload session is open for or has committed to. */
const noLiveSession = (eb: ExpressionBuilder<Tables, 'deploys'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('upload_sessions as s')
        .select('s.id')
        .whereRef('s.deploy_id', '=', 'deploys.id')
        .where('s.status', 'in', ['open', 'committed']),
    ),
  );
