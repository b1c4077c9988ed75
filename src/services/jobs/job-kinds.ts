// The `kind` of the jobs the API lists or shows (GET /v1/render-jobs, GET /v1/render-jobs/{id}): one read of
// their versions' engine and entry file for a whole page of jobs; the rule is domain/jobs/job-kind.ts.
import type { Kysely } from 'kysely';
import type { RenderJobsTable, Tables } from '../../db/tables.js';
import { parseJobDocumentView } from '../../domain/jobs/job-document.js';
import { jobKind, type JobKind } from '../../domain/jobs/job-kind.js';
import { jobView } from './job-views.js';

type JobRow = RenderJobsTable;

/** Each job's view with its `kind` (absent when the kind depends on a version that no longer exists). */
export async function jobViewsWithKind(
  db: Kysely<Tables>,
  rows: JobRow[],
): Promise<Array<ReturnType<typeof jobView> & { kind?: JobKind }>> {
  const ids = [...new Set(rows.map((r) => r.deploy_version_id))];
  const versions =
    ids.length === 0 ? [] : await db.selectFrom('deploy_versions').select(['id', 'engine', 'entry_path']).where('id', 'in', ids).execute();
  const byId = new Map(versions.map((v) => [v.id, { engine: v.engine, entryPath: v.entry_path }]));
  return rows.map((r) => {
    const kind = jobKind({
      pdfJob: parseJobDocumentView(r.document_view_json)?.pdfSources !== undefined,
      urlSource: r.source_url !== null,
      version: byId.get(r.deploy_version_id) ?? null,
    });
    return { ...jobView(r), ...(kind !== undefined ? { kind } : {}) };
  });
}
