import { blobKey } from '../blobs/keys.js';
import type { ServiceContext } from '../services/context.js';
import { expireInlineVersions } from '../services/deploys/inline-sources.js';

export interface GcReport {
  accountBlobs: number;
  accountBytes: number;
  blobs: number;
  packs: number;
  /** Inline versions deleted by their retention (the plan's inlineVersionRetentionDays) before collecting. */
  inlineVersions: number;
}

/**
 * Blob garbage collection (after inline version retention, services/deploys/inline-sources.ts). Two levels, each spared for FOLIO_BLOB_GC_GRACE_SECONDS after last use:
 * 1. an account's blob (what its storage counts) goes when no version of that account and no open upload
 *    session of it references the hash;
 * 2. the stored bytes go when no account holds the hash any more.
 * Races: uploads refresh `blobs.last_seen_at` before publishing and commits refresh (and on PostgreSQL
 * lock) `account_blobs.last_used_at` in their transaction; every delete re-checks its condition in the same
 * statement, so a blob being uploaded or committed is never removed.
 */
export class GarbageCollector {
  constructor(private readonly ctx: ServiceContext) {}

  async run(): Promise<GcReport> {
    const cutoff = this.ctx.clock.now() - this.ctx.config.blobGcGraceSeconds * 1000;
    const db = this.ctx.db;
    // Retention first, so the blobs and packs of the inline versions it deletes are collected in this run
    // (once past their grace period).
    const inlineVersions = await expireInlineVersions(this.ctx);

    const gone = await db
      .deleteFrom('account_blobs')
      .where((eb) =>
        eb.and([
          eb('account_blobs.last_used_at', '<', cutoff),
          eb.not(
            eb.exists(
              eb
                .selectFrom('version_files')
                .innerJoin('deploy_versions', 'deploy_versions.id', 'version_files.version_id')
                .select('version_files.sha256')
                .whereRef('deploy_versions.account_id', '=', 'account_blobs.account_id')
                .whereRef('version_files.sha256', '=', 'account_blobs.sha256'),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('upload_session_files')
                .innerJoin('upload_sessions', 'upload_sessions.id', 'upload_session_files.session_id')
                .select('upload_session_files.sha256')
                .whereRef('upload_sessions.account_id', '=', 'account_blobs.account_id')
                .where('upload_sessions.status', '=', 'open')
                .whereRef('upload_session_files.sha256', '=', 'account_blobs.sha256'),
            ),
          ),
        ]),
      )
      .returning(['size'])
      .execute();

    let blobs = 0;
    const candidates = await db
      .selectFrom('blobs')
      .select('sha256')
      .where('last_seen_at', '<', cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('account_blobs').select('account_blobs.sha256').whereRef('account_blobs.sha256', '=', 'blobs.sha256')),
        ),
      )
      .limit(1000)
      .execute();
    for (const { sha256 } of candidates) {
      const deleted = await db
        .deleteFrom('blobs')
        .where('sha256', '=', sha256)
        .where('last_seen_at', '<', cutoff)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('account_blobs').select('account_blobs.sha256').whereRef('account_blobs.sha256', '=', 'blobs.sha256')),
          ),
        )
        .returning('sha256')
        .executeTakeFirst();
      if (deleted) {
        await this.ctx.blobs.delete(blobKey(sha256));
        blobs++;
      }
    }

    // Render packs and indexes no version uses any more (written before their version row: the grace spares
    // a commit in progress).
    let packs = 0;
    for (const prefix of ['render-packs/', 'render-index/']) {
      for await (const obj of this.ctx.blobs.list(prefix)) {
        if (obj.modifiedAt >= cutoff) continue;
        const column = prefix === 'render-packs/' ? 'render_pack_key' : 'render_index_key';
        const used = await db.selectFrom('deploy_versions').select('id').where(column, '=', obj.key).limit(1).executeTakeFirst();
        if (!used) {
          await this.ctx.blobs.delete(obj.key);
          packs++;
        }
      }
    }
    return { accountBlobs: gone.length, accountBytes: gone.reduce((n, r) => n + Number(r.size), 0), blobs, packs, inlineVersions };
  }
}
