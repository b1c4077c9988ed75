// Settings of where metadata and bytes are kept: the database (SQLite or PostgreSQL) and the blob store
// (files or S3).
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const storageSettings: SettingSpec[] = [
  {
    env: 'FOLIO_DATABASE_URL',
    key: 'databaseUrl',
    type: 'string',
    default: null,
    doc: 'Metadata database. Default: SQLite file `folio.db` in the data dir. `sqlite:/path/to/file.db` or `postgres://user@host:5432/db` for scale-out.',
  },
  {
    env: 'FOLIO_STORAGE_URL',
    key: 'storageUrl',
    type: 'string',
    default: null,
    doc: 'Blob storage. Default: `file:` + `<data dir>/blobs`. `file:/abs/path` or `s3://bucket/prefix` (with the FOLIO_S3_* settings and the standard AWS credential variables).',
  },
  {
    env: 'FOLIO_S3_ENDPOINT',
    key: 's3Endpoint',
    type: 'string',
    default: null,
    doc: 'S3-compatible endpoint URL (for MinIO, Ceph, R2...). Unset = AWS.',
  },
  { env: 'FOLIO_S3_REGION', key: 's3Region', type: 'string', default: null, doc: 'S3 region. Default `us-east-1`.' },
  {
    env: 'FOLIO_S3_FORCE_PATH_STYLE',
    key: 's3ForcePathStyle',
    type: 'boolean',
    default: 'false',
    doc: 'Use path-style S3 URLs (needed by most self-hosted S3-compatible stores).',
  },
  {
    env: 'FOLIO_DATABASE_POOL_SIZE',
    key: 'databasePoolSize',
    type: 'integer',
    default: '10',
    min: 1,
    max: 500,
    doc: 'PostgreSQL connection pool size per process (SQLite always uses one connection).',
  },
  {
    env: 'FOLIO_DATABASE_STATEMENT_TIMEOUT_MS',
    key: 'databaseStatementTimeoutMs',
    type: 'integer',
    default: '15000',
    min: 100,
    max: 600000,
    doc: 'PostgreSQL statement_timeout for every connection.',
  },
];
