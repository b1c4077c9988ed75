import { CURRENT_PRINT_DEFAULTS } from '../../domain/jobs/print-defaults.js';
import { Readable } from 'node:stream';
import { BlobTooLargeError } from '../../blobs/blob-store.js';
import { blobKey } from '../../blobs/keys.js';
import { checkEntrySources } from './entry-sources.js';
import type { DeployVersionsTable, UploadSessionsTable } from '../../db/tables.js';
import { checkBlobsOwned, type CommitRequest } from '../../domain/deploys/commit-check.js';
import { checkedCommit, commitRefusal, type VersionMetadataChecks } from './commit-checks.js';
import { newId } from '../../domain/ids.js';
import { deriveUploadToken, safeEqualHex, sha256Hex } from '../../domain/accounts/tokens.js';
import { displayId, treeHash } from '../../domain/deploys/tree-hash.js';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { PayloadSchemas } from './payload-schemas.js';
import type { Deploys } from './deploys.js';
import { writeRenderPack } from './render-pack-writer.js';
import { MAX_SINGLE_FILE_BYTES, type Usage } from '../accounts/usage.js';
import { uploadSessionView, versionView } from '../views.js';
import { insertVersion } from './version-rows.js';

import {
  checkDescriptors,
  checkVersionSignature,
  claimSession,
  nextVersionNo,
  ownedBlobSizes,
  readBlob,
  storageRefusal,
  touchBlobs,
  type FileDescriptor,
} from './upload-steps.js';

export type { FileDescriptor } from './upload-steps.js';
export type { MetadataCheck, MetadataFilesCheck, MetadataProblem, VersionMetadataChecks } from './commit-checks.js';
// The commit body and the metadata check are defined with the commit rules (domain/deploys/commit-check.ts).
export type { CommitRequest as CommitInput, MetadataValidator } from '../../domain/deploys/commit-check.js';

/** A blob the upload session declares, checked by declaredBlob: what putBlob stores the bytes of. */
export interface DeclaredBlob {
  accountId: string;
  sessionId: string;
  sha256: string;
  /** The sizes the session declares for this hash (several paths may carry the same bytes). */
  sizes: number[];
}

const tooLarge = () => new AppError('upload_blob_too_large', `a file may be at most ${MAX_SINGLE_FILE_BYTES} bytes`);
export class Uploads {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    private readonly usage: Usage,
    /** The link-signing key; null only on PostgreSQL without FOLIO_SIGNING_KEY. */
    private readonly signingKey: string | null,
    private readonly payloadSchemas: PayloadSchemas,
    private readonly hooks: {
      metadata?: VersionMetadataChecks | null;
      /** Runs after a successful commit (version retention). Errors are logged, never fail the commit. */
      afterCommit?: (accountId: string, deployId: string) => Promise<void>;
    } = {},
  ) {}

  /**
   * The upload token of a session, re-derived from a server key (never stored): the idempotency store keeps
   * session responses without their token and restores it on replay. The link-signing key when there is
   * one (as before, so replays of sessions created before an upgrade still match); else, on PostgreSQL
   * without FOLIO_SIGNING_KEY, a key derived from the secrets key, which every process has.
   */
  tokenFor(sessionId: string): string {
    const key = this.signingKey ?? this.ctx.secrets.derivationKey;
    if (key === null) throw new Error('no server key to derive upload tokens from (FOLIO_SIGNING_KEY or FOLIO_SECRETS_KEY)');
    return deriveUploadToken(key, sessionId);
  }

  private async planOf(accountId: string) {
    const a = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    return this.ctx.plans.get(a.plan_key);
  }

  async createSession(
    accountId: string,
    input: { deployId?: string; createDeploy?: { slug: string; name: string }; files: FileDescriptor[] },
  ) {
    if ((input.deployId === undefined) === (input.createDeploy === undefined)) {
      throw new AppError('invalid_request', 'give exactly one of deployId or createDeploy', {
        field: input.deployId === undefined ? 'deployId' : 'createDeploy',
      });
    }
    const bytes = checkDescriptors(input.files, 'files');
    const { policy } = await this.planOf(accountId);
    if (policy.maxBytesPerDeployCommit !== null && bytes > policy.maxBytesPerDeployCommit) {
      throw new AppError(
        'upload_session_too_large',
        `the session declares ${bytes} bytes; the plan allows ${policy.maxBytesPerDeployCommit} per commit`,
      );
    }
    if (policy.maxFilesPerDeployCommit !== null && input.files.length > policy.maxFilesPerDeployCommit) {
      throw new AppError(
        'upload_session_policy_limit_exceeded',
        `the session declares ${input.files.length} files; the plan allows ${policy.maxFilesPerDeployCommit} per commit`,
      );
    }
    const now = this.ctx.clock.now();
    const id = newId('ups', now);
    const token = this.tokenFor(id);
    const session: UploadSessionsTable = {
      id,
      account_id: accountId,
      deploy_id: '',
      token_hash: sha256Hex(token),
      status: 'open',
      requested_file_count: input.files.length,
      requested_bytes: bytes,
      created_at: now,
      expires_at: now + this.ctx.config.uploadSessionTtlSeconds * 1000,
      committed_version_id: null,
      created_deploy: input.createDeploy ? 1 : 0,
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      if (input.createDeploy) {
        session.deploy_id = (await this.deploys.insert(trx, accountId, input.createDeploy.slug, input.createDeploy.name)).id;
      } else {
        const d = await trx
          .selectFrom('deploys')
          .select('id')
          .where('id', '=', input.deployId!)
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (!d) throw new AppError('deploy_not_found', `deploy ${input.deployId} not found`);
        session.deploy_id = d.id;
      }
      await trx.insertInto('upload_sessions').values(session).execute();
      const distinct = new Map<string, { session_id: string; sha256: string; size: number }>();
      for (const f of input.files) distinct.set(`${f.sha256}:${f.size}`, { session_id: session.id, sha256: f.sha256, size: f.size });
      const rows = [...distinct.values()];
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('upload_session_files')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    return { uploadSession: uploadSessionView(session), uploadToken: token };
  }

  /**
   * Order of checks: another account's session is 404 whatever the token (no leak); then the token (401);
   * then the state (409 committed/expired) and the TTL (410).
   */
  async openSession(accountId: string, sessionId: string, token: string | undefined): Promise<UploadSessionsTable> {
    const s = await this.ctx.db
      .selectFrom('upload_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!s) throw new AppError('upload_session_not_found', `upload session ${sessionId} not found`);
    if (!token || token.length > 200 || !safeEqualHex(sha256Hex(token), s.token_hash)) {
      throw new AppError('upload_token_invalid', 'X-Upload-Token is missing or does not belong to this upload session');
    }
    if (s.status === 'committed') throw new AppError('upload_session_committed', `upload session ${sessionId} was already committed`);
    if (s.status === 'expired') throw new AppError('upload_session_expired', `upload session ${sessionId} expired`);
    if (this.ctx.clock.now() >= s.expires_at)
      throw new AppError('upload_session_gone', `upload session ${sessionId} passed its TTL; create a new session`);
    return s;
  }

  async missingBlobs(accountId: string, sessionId: string, token: string | undefined, files: FileDescriptor[]) {
    await this.openSession(accountId, sessionId, token);
    checkDescriptors(files, 'files');
    const hashes = [...new Set(files.map((f) => f.sha256))];
    const present = new Set<string>();
    for (let i = 0; i < hashes.length; i += 500) {
      const rows = await this.ctx.db
        .selectFrom('account_blobs')
        .select('sha256')
        .where('account_id', '=', accountId)
        .where('sha256', 'in', hashes.slice(i, i + 500))
        .execute();
      for (const r of rows) present.add(r.sha256);
    }
    return { uploadSessionId: sessionId, missingBlobs: hashes.filter((h) => !present.has(h)).map((sha256) => ({ sha256 })) };
  }

  /**
   * The first half of a blob upload, before its bytes are looked at: the session (openSession's checks, in
   * its order), then that the session declares this hash (409 blob_not_in_session).
   */
  async declaredBlob(accountId: string, sessionId: string, token: string | undefined, sha256: string): Promise<DeclaredBlob> {
    await this.openSession(accountId, sessionId, token);
    const declared = await this.ctx.db
      .selectFrom('upload_session_files')
      .select('size')
      .where('session_id', '=', sessionId)
      .where('sha256', '=', sha256)
      .execute();
    if (declared.length === 0)
      throw new AppError('blob_not_in_session', `no file of upload session ${sessionId} declares sha256 ${sha256}`);
    return { accountId, sessionId, sha256, sizes: declared.map((d) => Number(d.size)) };
  }

  /**
   * Streams a blob to a temporary object while hashing, verifies sha256 and declared size, then publishes
   * it under its content address. On any failure the temporary object is removed: nothing half-written.
   */
  async putBlob(blob: DeclaredBlob, input: { body: unknown; contentLength?: number; mime?: string }) {
    const { accountId, sha256 } = blob;
    if (!(input.body instanceof Readable)) throw new AppError('invalid_request', 'the request has no body', { field: 'body' });
    const body = input.body;
    if (input.contentLength !== undefined && input.contentLength > MAX_SINGLE_FILE_BYTES) throw tooLarge();

    const already = await this.ctx.db
      .selectFrom('account_blobs')
      .select('size')
      .where('account_id', '=', accountId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (already) {
      body.resume(); // drain: the bytes are known already
      return {
        uploadSessionId: blob.sessionId,
        alreadyPresent: true,
        blob: { sha256, size: already.size, ...(input.mime ? { mime: input.mime } : {}), storeKey: blobKey(sha256) },
      };
    }

    let staged;
    try {
      staged = await this.ctx.blobs.stage(body, { maxBytes: MAX_SINGLE_FILE_BYTES });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw tooLarge();
      throw err;
    }
    if (staged.sha256 !== sha256) {
      await staged.discard();
      throw new AppError('blob_hash_mismatch', `the uploaded bytes hash to ${staged.sha256}, not ${sha256}`);
    }
    if (!blob.sizes.includes(staged.size)) {
      await staged.discard();
      throw new AppError('blob_hash_mismatch', `the upload is ${staged.size} bytes; the session declares ${blob.sizes.join(' or ')}`);
    }
    const plan = await this.planOf(accountId);
    const limit = plan.policy.storageLimitBytes;
    // Early refusal before publishing; the transaction below re-checks authoritatively.
    if (limit !== null && (await this.usage.totalStorageBytes(this.ctx.db, accountId)) + staged.size > limit) {
      await staged.discard();
      throw storageRefusal(staged.size, limit);
    }
    // Mark the bytes as seen *before* publishing: garbage collection deletes only blobs unseen for its grace
    // period, so it can never remove a file this upload is about to publish or has just published.
    const now = this.ctx.clock.now();
    await this.ctx.db
      .insertInto('blobs')
      .values({ sha256, size: staged.size, created_at: now, last_seen_at: now })
      .onConflict((oc) => oc.column('sha256').doUpdateSet({ last_seen_at: now }))
      .execute();
    // Publishing identical bytes under a content address is idempotent, so a concurrent upload of the same
    // blob (any account) is harmless. If the transaction below fails, the object is unreferenced and
    // garbage collection removes it after its grace period.
    await staged.publish(blobKey(sha256));
    const inserted = await this.ctx.db.transaction().execute(async (trx) => {
      if (limit !== null && (await this.usage.totalStorageBytes(trx, accountId)) + staged.size > limit) {
        throw storageRefusal(staged.size, limit);
      }
      const res = await trx
        .insertInto('account_blobs')
        .values({ account_id: accountId, sha256, size: staged.size, created_at: now, last_used_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'sha256']).doNothing())
        .returning('sha256')
        .executeTakeFirst();
      return res !== undefined;
    });
    return {
      uploadSessionId: blob.sessionId,
      alreadyPresent: !inserted,
      blob: { sha256, size: staged.size, ...(input.mime ? { mime: input.mime } : {}), storeKey: blobKey(sha256) },
    };
  }

  /**
   * The bundle's payload schema and sample, compiled and checked, and its template sources parsed (400
   * naming the file and line). Fixing a file means new bytes, so a refusal closes the session, and the
   * deploy it created goes with it while empty: the next deploy of that slug starts afresh.
   */
  async #checkFiles(
    accountId: string,
    session: UploadSessionsTable,
    checked: ReturnType<typeof checkedCommit>,
    byPath: Map<string, ReturnType<typeof checkedCommit>['entries'][number]>,
    read: (path: string) => Promise<Buffer>,
  ) {
    try {
      const schemas = await this.payloadSchemas.fromBundle(accountId, (path) => byPath.get(path), read);
      await checkEntrySources(this.ctx, accountId, checked, byPath, read);
      return schemas;
    } catch (err) {
      if (!isAppError(err) || err.status >= 500) throw err;
      const removed = await this.deploys.closeRefusedSession(session);
      const closed = removed ? 'the upload session is closed and the deploy it created removed' : 'the upload session is closed';
      throw new AppError(err.code, `${err.message} (nothing was committed; ${closed}: fix the files and deploy again)`, err.details);
    }
  }

  async commit(accountId: string, sessionId: string, token: string | undefined, input: CommitRequest) {
    const session = await this.openSession(accountId, sessionId, token);
    const { policy } = await this.planOf(accountId);
    const checked = checkedCommit(input, { ...policy, maxFixtureBytes: this.ctx.config.maxPayloadBytes }, this.hooks.metadata?.validate);
    const hashes = [...new Set(checked.entries.map((e) => e.sha256))];
    const unowned = checkBlobsOwned(checked.entries, await ownedBlobSizes(this.ctx, accountId, hashes));
    if (unowned) throw commitRefusal(unowned);
    const byPath = new Map(checked.entries.map((e) => [e.path, e]));
    const read = (path: string) => readBlob(this.ctx, byPath.get(path)!.sha256);
    const filesCheck = this.hooks.metadata?.files;
    if (filesCheck && input.render.metadata !== undefined) {
      const problem = await filesCheck(accountId, input.render.metadata, (path) => byPath.has(path), read);
      if (problem) throw new AppError('invalid_request', problem.message, { field: problem.field });
    }
    await checkVersionSignature(this.ctx, accountId, input.render.metadata);
    const schemas = await this.#checkFiles(accountId, session, checked, byPath, read);

    const entries = checked.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const tree = treeHash(entries);
    const { indexKey, packKey } = await writeRenderPack(this.ctx, entries);

    const now = this.ctx.clock.now();
    const version = await this.ctx.db.transaction().execute(async (trx) => {
      await claimSession(trx, sessionId);
      await touchBlobs(trx, accountId, hashes, now);
      const settings = {
        tree_hash: tree,
        route: input.render.route,
        entry_path: checked.entryPath,
        title: input.render.title,
        render_timeout_ms: input.render.renderTimeoutMs ?? null,
        metadata_json: checked.metadataJson,
        payload_schema_json: schemas.schemaJson,
        sample_payload_json: schemas.sampleJson,
        print_defaults: CURRENT_PRINT_DEFAULTS,
        fail_on_json: checked.failOnJson,
        engine: checked.engine,
      };
      await this.usage.increment(trx, {
        accountId,
        meter: 'deploy_commits',
        amount: 1,
        limit: policy.maxDeployCommitsPerBillPeriod,
        errorCode: 'deploy_commit_quota_exceeded',
      });
      const versionNo = await nextVersionNo(trx, session.deploy_id);
      const row: DeployVersionsTable = {
        ...settings,
        id: newId('ver', now),
        account_id: accountId,
        deploy_id: session.deploy_id,
        version_no: versionNo,
        display_id: displayId(versionNo, tree),
        render_index_key: indexKey,
        render_pack_key: packKey,
        status: 'ready',
        file_count: entries.length,
        total_bytes: checked.totalBytes,
        created_at: now,
      };
      await insertVersion(trx, row, entries);
      await trx.updateTable('upload_sessions').set({ committed_version_id: row.id }).where('id', '=', sessionId).execute();
      return row;
    });
    if (this.hooks.afterCommit) {
      await this.hooks
        .afterCommit(accountId, session.deploy_id)
        .catch((err) => this.ctx.log.error({ err, deployId: session.deploy_id }, 'version retention failed'));
    }
    return { deployVersion: versionView(version) };
  }
}
