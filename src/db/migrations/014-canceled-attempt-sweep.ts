import type { Kysely } from 'kysely';

// A job canceled while it was rendering keeps its lease's end (lease_expires_at; the owner is cleared, so
// the worker can no longer record anything). Once that time has passed, any worker that was still running
// it has stopped, and the janitor removes whatever that attempt stored, then clears the column: a worker
// that died during the cancel no longer leaves its files behind. This index serves that step, and the
// recovery of expired leases of `rendering` jobs, without scanning every finished job.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('render_jobs_lease').on('render_jobs').columns(['status', 'lease_expires_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
