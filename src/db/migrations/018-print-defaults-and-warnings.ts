import type { Kysely } from 'kysely';

// Print defaults and warnings (domain/jobs/print-defaults.ts, domain/jobs/job-warnings.ts).
// - deploy_versions.print_defaults: the defaults a version prints with where its document says nothing.
//   Every version that exists now keeps 1, the defaults it has always printed with; new commits write the
//   current ones. fail_on_json: the warning codes that fail its jobs (NULL: none).
// - render_jobs.fail_on_json: the job's own failOn (NULL: the version's); warnings_json: the job's warnings,
//   written when it ends (NULL until then, and for jobs that ended before warnings existed).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deploy_versions')
    .addColumn('print_defaults', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('deploy_versions').addColumn('fail_on_json', 'text').execute();
  await db.schema.alterTable('render_jobs').addColumn('fail_on_json', 'text').execute();
  await db.schema.alterTable('render_jobs').addColumn('warnings_json', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
