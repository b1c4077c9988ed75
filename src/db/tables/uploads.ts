// Row types of uploads: upload sessions with their declared files, and the blobs, held per account.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).

export interface UploadSessionsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  token_hash: string;
  status: string; // open | committed | expired
  requested_file_count: number;
  requested_bytes: number;
  created_at: number;
  expires_at: number;
  committed_version_id: string | null;
  /** 1 when this session created its deploy (createDeploy): an expired one may take the empty deploy with it. */
  created_deploy: number;
}

export interface UploadSessionFilesTable {
  session_id: string;
  sha256: string;
  size: number;
}

/** Which account uploaded which bytes: the scope of dedup (missing-blobs) and of storage accounting. */
export interface AccountBlobsTable {
  account_id: string;
  sha256: string;
  size: number;
  created_at: number;
  /** Refreshed by uploads and commits that use the blob; garbage collection spares recent ones. */
  last_used_at: number;
}

/** Bytes present in the blob store, shared underneath by all accounts. */
export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: number;
  /** Refreshed before an upload publishes these bytes, so a sweep never deletes bytes being uploaded. */
  last_seen_at: number;
}
