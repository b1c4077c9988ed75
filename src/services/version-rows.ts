// The rows a commit writes: a deploy version and its file list, and the latest version it may repeat.
import type { Transaction } from 'kysely';
import type { DeployVersionsTable, Tables } from '../db/tables.js';
import type { PackEntry } from '../domain/render-pack.js';
import { sameVersion, type VersionIdentity } from '../domain/version-identity.js';

type Trx = Transaction<Tables>;

/** The deploy's latest version when a version with these settings and files would be identical to it. */
export async function identicalLatest(trx: Trx, deployId: string, candidate: VersionIdentity): Promise<DeployVersionsTable | null> {
  const latest = await trx
    .selectFrom('deploy_versions')
    .selectAll()
    .where('deploy_id', '=', deployId)
    .orderBy('version_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest && sameVersion(latest, candidate) ? latest : null;
}

/** Inserts a version and its files (in chunks: a statement has a bounded number of parameters). */
export async function insertVersion(trx: Trx, row: DeployVersionsTable, entries: readonly PackEntry[]): Promise<void> {
  await trx.insertInto('deploy_versions').values(row).execute();
  for (let i = 0; i < entries.length; i += 500) {
    await trx
      .insertInto('version_files')
      .values(entries.slice(i, i + 500).map((e) => ({ version_id: row.id, path: e.path, sha256: e.sha256, size: e.size, mime: e.mime })))
      .execute();
  }
}
