import { CURRENT_PRINT_DEFAULTS } from '../../domain/jobs/print-defaults.js';
import type { Transaction } from 'kysely';
import { blobKey } from '../../blobs/keys.js';
import type { DeployVersionsTable, Tables } from '../../db/tables.js';
import { checkCommit } from '../../domain/deploys/commit-check.js';
import { checkOfficeInput } from '../../domain/office/office-input.js';
import { checkInlineSources, INLINE_DEPLOY_SLUG, type InlineSourcesRequest } from '../../domain/jobs/inline-sources.js';
import { newId } from '../../domain/ids.js';
import { UNFINISHED_STATUSES } from '../../domain/jobs/job-state.js';
import type { PackEntry } from '../../domain/deploys/render-pack.js';
import { displayId, treeHash } from '../../domain/deploys/tree-hash.js';
import type { VersionEngine } from '../../domain/deploys/template-engines.js';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { writeRenderPack } from './render-pack-writer.js';
import { checkTemplateSources } from './template-sources.js';
import { MAX_SINGLE_FILE_BYTES, type Usage } from '../accounts/usage.js';

type Trx = Transaction<Tables>;

/** The route and title of every inline version: the html is the entry document. */
const INLINE_ROUTE = '/';
const INLINE_TITLE = 'Inline HTML';
const INLINE_OFFICE_TITLE = 'Inline Office document';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a job binds to, as RenderJobs reads it of a resolved version. */
export interface BoundVersion {
  deployId: string;
  version: Pick<
    DeployVersionsTable,
    'id' | 'version_no' | 'route' | 'title' | 'metadata_json' | 'payload_schema_json' | 'engine' | 'entry_path'
  >;
}

/**
 * Inline sources checked and their bytes in the blob store, before any row is written: an existing
 * version of the inline deploy with the same tree, or what a new one needs. Objects written here and
 * never referenced (the job is refused later) are removed by garbage collection after its grace period.
 */
export type PreparedInline =
  | { kind: 'existing'; tree: string; engine: VersionEngine | null; versionId: string }
  | {
      kind: 'new';
      tree: string;
      /** `/` for html and markdown; the entry's own path for an Office document. */
      route: string;
      engine: VersionEngine | null;
      entries: PackEntry[];
      totalBytes: number;
      entryPath: string;
      indexKey: string;
      packKey: string;
    };

/**
 * Inline sources (`html` + `files`, or multipart) of render jobs, stored as content-addressed versions of
 * one inline deploy per account (slug `_inline`, created on first use): the same blobs, render pack and
 * treeHash as an upload commit, so the same sources sent twice reuse one version and store nothing new.
 * See docs/api.md (Inline HTML) and docs/plans.md for limits and retention.
 */
export class InlineSources {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly usage: Usage,
  ) {}

  /**
   * The checks that need no write (the inline rules, then the commit rules of an upload), then the bytes:
   * each blob the account does not hold yet is published under its content address, and the render pack
   * written, unless an inline version with the same tree exists.
   */
  async prepare(accountId: string, request: InlineSourcesRequest, office?: { passwordSent: boolean }): Promise<PreparedInline> {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const { policy } = this.ctx.plans.get(account.plan_key);
    const checked = checkInlineSources(request, policy, MAX_SINGLE_FILE_BYTES);
    if (!checked.ok) throw new AppError(checked.code, checked.message, checked.details);
    const route = request.entry !== undefined ? checked.files[0]!.path : INLINE_ROUTE;
    if (request.entry !== undefined) {
      // An Office document is judged before anything is stored: renamed files, zip bombs, a missing password.
      const verdict = checkOfficeInput(checked.files[0]!.path, checked.files[0]!.bytes, office?.passwordSent ?? false);
      if (!verdict.ok) throw new AppError(verdict.code, verdict.message, { field: 'entry' });
    }
    // The commit rules of an upload (paths, route): the inline limits above replace the per-commit ones.
    const commit = checkCommit(
      {
        entries: checked.files.map((f) => ({ path: f.path, blobHash: f.sha256, size: f.bytes.length })),
        render: {
          route,
          title: request.entry !== undefined ? INLINE_OFFICE_TITLE : INLINE_TITLE,
          ...(request.engine !== undefined ? { engine: request.engine } : {}),
        },
      },
      { maxFilesPerDeployCommit: null, maxBytesPerDeployCommit: null, maxRenderTimeoutMs: null },
      null,
    );
    if (!commit.ok) {
      // The commit names render.engine; an inline job sends it as engine.
      const inlineField = commit.details?.field === 'render.engine' ? { ...commit.details, field: 'engine' } : commit.details;
      throw new AppError(commit.code, commit.message.replace(/^render\.engine/, 'engine'), inlineField);
    }
    const entries = commit.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const tree = treeHash(entries);
    const engine = commit.engine;
    // The same sources in another template language are another version: the tree hash names files only.
    const existing = await this.findVersion(this.ctx.db, accountId, tree, engine, commit.entryPath);
    if (existing) return { kind: 'existing', tree, engine, versionId: existing.id };
    if (engine) {
      // A template is parsed in the sandbox before anything is stored (400 template_syntax_error).
      const byPath = new Map(checked.files.map((f) => [f.path, { size: f.bytes.length, bytes: f.bytes }]));
      await checkTemplateSources(this.ctx, accountId, engine, commit.entryPath, byPath, async (p) => byPath.get(p)!.bytes).catch(
        (err: unknown) => {
          // The template size limits name the request's field here, as the plan's inline limits do.
          if (isAppError(err, 'deploy_commit_policy_limit_exceeded'))
            throw new AppError('body_too_large', err.message, { field: request.markdown !== undefined ? 'markdown' : 'html' });
          throw err;
        },
      );
    }

    const hashes = [...new Set(checked.files.map((f) => f.sha256))];
    const held = new Set(
      (
        await this.ctx.db
          .selectFrom('account_blobs')
          .select('sha256')
          .where('account_id', '=', accountId)
          .where('sha256', 'in', hashes)
          .execute()
      ).map((r) => r.sha256),
    );
    const now = this.ctx.clock.now();
    for (const f of checked.files) {
      if (held.has(f.sha256)) continue;
      held.add(f.sha256);
      // Seen before published, as an upload does: garbage collection spares it for its grace period.
      await this.ctx.db
        .insertInto('blobs')
        .values({ sha256: f.sha256, size: f.bytes.length, created_at: now, last_seen_at: now })
        .onConflict((oc) => oc.column('sha256').doUpdateSet({ last_seen_at: now }))
        .execute();
      if (!(await this.ctx.blobs.stat(blobKey(f.sha256)))) await this.ctx.blobs.put(blobKey(f.sha256), f.bytes);
    }
    const { indexKey, packKey } = await writeRenderPack(this.ctx, entries);
    return { kind: 'new', tree, route, engine, entries, totalBytes: commit.totalBytes, entryPath: commit.entryPath, indexKey, packKey };
  }

  /**
   * Inside the job's transaction: the version the job binds to. A new one creates the inline deploy if
   * needed, adds the blobs the account did not hold to its storage (the plan's storage limit applies) and
   * inserts the version and its files; a refusal later in the transaction undoes all of it. Inline versions
   * do not count toward the deploy-commit meter (see docs/plans.md).
   */
  async bind(trx: Trx, accountId: string, prepared: PreparedInline): Promise<BoundVersion> {
    if (prepared.kind === 'existing') {
      const v = await trx
        .selectFrom('deploy_versions')
        .select(['id', 'deploy_id', 'version_no', 'route', 'title', 'metadata_json', 'payload_schema_json', 'engine', 'entry_path'])
        .where('id', '=', prepared.versionId)
        .executeTakeFirst();
      if (v) return { deployId: v.deploy_id, version: v };
      // Removed by retention since prepare: the bytes may be gone too, so the client sends again.
      throw new AppError('deploy_version_not_found', 'the inline version was removed by retention meanwhile; send the request again');
    }
    const again = await this.findVersion(trx, accountId, prepared.tree, prepared.engine, prepared.entryPath);
    if (again) return { deployId: again.deploy_id, version: again };
    const now = this.ctx.clock.now();
    const deployId = await this.inlineDeploy(trx, accountId, now);
    const sizes = new Map(prepared.entries.map((e) => [e.sha256, e.size]));
    const hashes = [...sizes.keys()];
    const held = new Set(
      (
        await trx.selectFrom('account_blobs').select('sha256').where('account_id', '=', accountId).where('sha256', 'in', hashes).execute()
      ).map((r) => r.sha256),
    );
    const added = hashes.filter((h) => !held.has(h));
    const addedBytes = added.reduce((n, h) => n + sizes.get(h)!, 0);
    const account = await trx.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const limit = this.ctx.plans.get(account.plan_key).policy.storageLimitBytes;
    if (limit !== null && addedBytes > 0 && (await this.usage.totalStorageBytes(trx, accountId)) + addedBytes > limit) {
      throw new AppError(
        'storage_limit_exceeded',
        `storing ${addedBytes} more bytes would pass the plan's storage limit of ${limit} bytes`,
      );
    }
    if (added.length > 0)
      await trx
        .insertInto('account_blobs')
        .values(added.map((sha256) => ({ account_id: accountId, sha256, size: sizes.get(sha256)!, created_at: now, last_used_at: now })))
        .onConflict((oc) => oc.columns(['account_id', 'sha256']).doNothing())
        .execute();
    await trx
      .updateTable('account_blobs')
      .set({ last_used_at: now })
      .where('account_id', '=', accountId)
      .where('sha256', 'in', hashes)
      .execute();
    const counter = await trx
      .updateTable('deploys')
      .set((eb) => ({ last_version_no: eb('last_version_no', '+', 1) }))
      .where('id', '=', deployId)
      .returning('last_version_no')
      .executeTakeFirstOrThrow();
    const row: DeployVersionsTable = {
      id: newId('ver', now),
      account_id: accountId,
      deploy_id: deployId,
      version_no: counter.last_version_no,
      display_id: displayId(counter.last_version_no, prepared.tree),
      tree_hash: prepared.tree,
      render_index_key: prepared.indexKey,
      render_pack_key: prepared.packKey,
      route: prepared.route,
      entry_path: prepared.entryPath,
      title: prepared.route === INLINE_ROUTE ? INLINE_TITLE : INLINE_OFFICE_TITLE,
      render_timeout_ms: null,
      metadata_json: null,
      status: 'ready',
      file_count: prepared.entries.length,
      total_bytes: prepared.totalBytes,
      created_at: now,
      // Inline HTML arrives with its payload in one request: there is no author's schema to hold it to.
      payload_schema_json: null,
      sample_payload_json: null,
      // Inline sources are committed by the request that renders them: the current defaults. (The same
      // sources sent again reuse their version, and with it the defaults it was first committed with.)
      print_defaults: CURRENT_PRINT_DEFAULTS,
      fail_on_json: null,
      engine: prepared.engine,
    };
    await trx.insertInto('deploy_versions').values(row).execute();
    await trx
      .insertInto('version_files')
      .values(prepared.entries.map((e) => ({ version_id: row.id, path: e.path, sha256: e.sha256, size: e.size, mime: e.mime })))
      .execute();
    return { deployId, version: row };
  }

  /** The account's inline version with this tree, template language and entry, if any. */
  private async findVersion(
    db: Trx | ServiceContext['db'],
    accountId: string,
    tree: string,
    engine: VersionEngine | null,
    entryPath: string,
  ) {
    return db
      .selectFrom('deploy_versions as v')
      .innerJoin('deploys as d', 'd.id', 'v.deploy_id')
      .select([
        'v.id',
        'v.deploy_id',
        'v.version_no',
        'v.route',
        'v.title',
        'v.metadata_json',
        'v.payload_schema_json',
        'v.engine',
        'v.entry_path',
      ])
      .where('d.account_id', '=', accountId)
      .where('d.slug', '=', INLINE_DEPLOY_SLUG)
      .where('v.tree_hash', '=', tree)
      .where('v.engine', engine === null ? 'is' : '=', engine)
      .where('v.entry_path', '=', entryPath)
      .orderBy('v.version_no', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The account's inline deploy, created on first use (the unique account/slug pair decides races). */
  private async inlineDeploy(trx: Trx, accountId: string, now: number): Promise<string> {
    const find = () =>
      trx.selectFrom('deploys').select('id').where('account_id', '=', accountId).where('slug', '=', INLINE_DEPLOY_SLUG).executeTakeFirst();
    const existing = await find();
    if (existing) return existing.id;
    await trx
      .insertInto('deploys')
      .values({
        id: newId('dep', now),
        account_id: accountId,
        slug: INLINE_DEPLOY_SLUG,
        name: 'Inline HTML',
        last_version_no: 0,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'slug']).doNothing())
      .execute();
    return (await find())!.id;
  }
}

/**
 * Inline version retention (the plan's `inlineVersionRetentionDays`): an inline version created before the
 * cutoff that no job requested since the cutoff is deleted, unless an alias names it or an unfinished job
 * uses it (the conditions are re-checked in the delete statement itself). Its blobs and render pack are then
 * unreferenced and go with garbage collection. Runs at the start of each garbage collection.
 */
export async function expireInlineVersions(ctx: Pick<ServiceContext, 'db' | 'plans' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const deploys = await ctx.db
    .selectFrom('deploys as d')
    .innerJoin('accounts as a', 'a.id', 'd.account_id')
    .select(['d.id', 'a.plan_key'])
    .where('d.slug', '=', INLINE_DEPLOY_SLUG)
    .execute();
  let deleted = 0;
  for (const d of deploys) {
    const days = ctx.plans.get(d.plan_key).policy.inlineVersionRetentionDays;
    if (days === null) continue;
    const cutoff = now - days * DAY_MS;
    const candidates = await ctx.db
      .selectFrom('deploy_versions')
      .select('id')
      .where('deploy_id', '=', d.id)
      .where('created_at', '<', cutoff)
      .limit(1000)
      .execute();
    for (const { id } of candidates) {
      const gone = await ctx.db.transaction().execute(async (trx) => {
        const res = await trx
          .deleteFrom('deploy_versions')
          .where('id', '=', id)
          .where((eb) =>
            eb.and([
              eb.not(eb.exists(eb.selectFrom('aliases').select('alias').where('deploy_version_id', '=', id))),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('render_jobs')
                    .select('id')
                    .where('deploy_version_id', '=', id)
                    .where((j) => j.or([j('status', 'in', [...UNFINISHED_STATUSES]), j('requested_at', '>=', cutoff)])),
                ),
              ),
            ]),
          )
          .executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) return false;
        await trx.deleteFrom('version_files').where('version_id', '=', id).execute();
        await trx.deleteFrom('version_checks').where('deploy_version_id', '=', id).execute();
        return true;
      });
      if (gone) deleted++;
    }
  }
  return deleted;
}
