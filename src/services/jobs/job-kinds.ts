// The `kind` of the jobs the API shows (every job view and webhook body): one read of their versions' engine
// and entry file for a whole page of jobs, or none where the version is at hand; the rule is
// domain/jobs/job-kind.ts.
import type { Kysely } from 'kysely';
import type { RenderJobsTable, Tables } from '../../db/tables.js';
import { parseJobDocumentView } from '../../domain/jobs/job-document.js';
import { jobKind, type JobKind } from '../../domain/jobs/job-kind.js';
import { jobView } from './job-views.js';

type JobRow = RenderJobsTable;

type KindedView = ReturnType<typeof jobView> & { kind?: JobKind };

/** A job's view with its `kind`, from the version it is bound to (null: gone, and the kind absent). */
export function jobViewWithKind(r: JobRow, version: { engine: string | null; entryPath: string } | null): KindedView {
  const kind = jobKind({
    pdfJob: parseJobDocumentView(r.document_view_json)?.pdfSources !== undefined,
    urlSource: r.source_url !== null,
    version,
  });
  return { ...jobView(r), ...(kind !== undefined ? { kind } : {}) };
}

/** Each job's view with its `kind` (absent when the kind depends on a version that no longer exists). */
export async function jobViewsWithKind(db: Kysely<Tables>, rows: JobRow[]): Promise<KindedView[]> {
  const ids = [...new Set(rows.map((r) => r.deploy_version_id))];
  const versions =
    ids.length === 0 ? [] : await db.selectFrom('deploy_versions').select(['id', 'engine', 'entry_path']).where('id', 'in', ids).execute();
  const byId = new Map(versions.map((v) => [v.id, { engine: v.engine, entryPath: v.entry_path }]));
  return rows.map((r) => jobViewWithKind(r, byId.get(r.deploy_version_id) ?? null));
}
