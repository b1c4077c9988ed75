// Row → API object mappers, so every route shows a resource the same way.
import { parseStoredFailOn } from '../domain/jobs/job-warnings.js';
import type { AliasesTable, DeploysTable, DeployVersionsTable, UploadSessionsTable } from '../db/tables.js';

export const deployView = (r: DeploysTable) => ({ id: r.id, accountId: r.account_id, slug: r.slug, name: r.name, createdAt: r.created_at });
export const deployListItem = (r: DeploysTable) => ({ id: r.id, slug: r.slug, name: r.name, createdAt: r.created_at });

export const versionView = (r: DeployVersionsTable) => ({
  id: r.id,
  displayId: r.display_id,
  deployId: r.deploy_id,
  versionNo: r.version_no,
  treeHash: r.tree_hash,
  renderIndexKey: r.render_index_key,
  renderPackKey: r.render_pack_key,
  route: r.route,
  title: r.title,
  ...(r.render_timeout_ms !== null ? { renderTimeoutMs: r.render_timeout_ms } : {}),
  ...(r.metadata_json !== null ? { metadataJson: r.metadata_json } : {}),
  ...(r.payload_schema_json ? { payloadSchema: JSON.parse(r.payload_schema_json) as unknown } : {}),
  ...(r.sample_payload_json ? { samplePayload: JSON.parse(r.sample_payload_json) as unknown } : {}),
  printDefaults: r.print_defaults,
  failOn: parseStoredFailOn(r.fail_on_json) ?? [],
  engine: r.engine ?? 'html',
  status: r.status,
  fileCount: r.file_count,
  totalBytes: r.total_bytes,
  createdAt: r.created_at,
});

export const aliasView = (r: AliasesTable) => ({
  deployId: r.deploy_id,
  alias: r.alias,
  deployVersionId: r.deploy_version_id,
  updatedAt: r.updated_at,
});

export const uploadSessionView = (r: UploadSessionsTable) => ({
  id: r.id,
  deployId: r.deploy_id,
  status: r.status,
  requestedFileCount: r.requested_file_count,
  requestedBytes: r.requested_bytes,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});
