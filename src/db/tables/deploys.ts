// Row types of deploys: the deploy, its versions and their files, aliases, settings, env vars and secrets.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).

export interface DeploysTable {
  id: string;
  account_id: string;
  slug: string;
  name: string;
  /** versionNo of the last commit: numbers are never reused, even after versions are deleted. */
  last_version_no: number;
  created_at: number;
}

export interface DeployVersionsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  version_no: number;
  display_id: string;
  tree_hash: string;
  render_index_key: string;
  render_pack_key: string;
  route: string;
  entry_path: string;
  title: string;
  render_timeout_ms: number | null;
  metadata_json: string | null;
  status: string;
  file_count: number;
  total_bytes: number;
  created_at: number;
  /** The bundle's /payload.schema.json (compact JSON), checked at commit; NULL without one. */
  payload_schema_json: string | null;
  /** The bundle's /sample-payload.json (compact JSON); NULL without one. */
  sample_payload_json: string | null;
  /** domain/jobs/print-defaults.ts: 1 for versions committed before print defaults existed, the current ones after. */
  print_defaults: number;
  /** JSON array of warning codes that fail the version's jobs (render.failOn); NULL: none. */
  fail_on_json: string | null;
  /** The entry's template language (domain/deploys/template-engines.ts); NULL: HTML. */
  engine: string | null;
}

export interface VersionFilesTable {
  version_id: string;
  path: string;
  sha256: string;
  size: number;
  mime: string;
}

export interface AliasesTable {
  deploy_id: string;
  alias: string;
  deploy_version_id: string;
  updated_at: number;
}

export interface DeploySettingsTable {
  deploy_id: string;
  account_id: string;
  webhook_enabled: number;
  webhook_url: string | null;
  signing_secret: string | null;
  previous_signing_secret: string | null;
  signing_secret_rotated_at: number | null;
  lifecycle_enabled: number;
  retain_latest_versions: number;
  updated_at: number;
}

export interface DeployEnvVarsTable {
  deploy_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

export interface DeploySecretsTable {
  deploy_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}
