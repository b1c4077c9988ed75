// The rows a commit writes: a deploy version and its file list.
import type { Transaction } from 'kysely';
import type { DeployVersionsTable, Tables } from '../../db/tables.js';
import type { PackEntry } from '../../domain/deploys/render-pack.js';

type Trx = Transaction<Tables>;

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
