import type { Kysely } from 'kysely';

// Version checks: a version's fixtures (tests/<name>.json in its files) printed again on the server and
// compared with the snapshots it carries (__snapshots__/<name>/), so an operator sees which live versions
// print differently (after a Chromium upgrade, say) before customers do. The prints are the items of a
// render batch whose combine mode is "check": the batch's product is the comparison, built by the combiner
// once every item ended and recorded here.
// - version_checks: the account, deploy and version checked, the batch, the tolerance asked for, the
//   fixtures in item order (JSON: name, file, item index or why it was not printed), the status (running →
//   passed | drifted | failed) and, once judged, the results (JSON, one per fixture).
// Indexed by (deploy_version_id, id): a version's checks newest first are one index range.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('version_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('deploy_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text')
    .addColumn('tolerance', 'double precision', (c) => c.notNull())
    .addColumn('fixtures_json', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('results_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('version_checks_version').on('version_checks').columns(['deploy_version_id', 'id']).execute();
  await db.schema.createIndex('version_checks_batch').on('version_checks').column('batch_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
