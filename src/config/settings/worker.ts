// Settings of the render worker and the background sweeps: shutdown grace, leases, queue polling, janitor
// and blob GC.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const workerSettings: SettingSpec[] = [
  {
    env: 'FOLIO_SHUTDOWN_GRACE_MS',
    key: 'shutdownGraceMs',
    type: 'integer',
    default: '20000',
    min: 0,
    max: 600000,
    doc: 'On SIGTERM/SIGINT: how long running renders may finish before their jobs are released.',
  },
  {
    env: 'FOLIO_WORKER_LEASE_MS',
    key: 'workerLeaseMs',
    type: 'integer',
    default: '30000',
    min: 1000,
    max: 600000,
    doc: 'Lease a worker holds on a claimed job, renewed by a heartbeat every third of it. A worker that dies loses its jobs after this long; they are retried as render_crashed.',
  },
  {
    env: 'FOLIO_WORKER_POLL_MS',
    key: 'workerPollMs',
    type: 'integer',
    default: '1000',
    min: 50,
    max: 60000,
    doc: 'Safety-net poll of the queue; new jobs wake an idle worker at once without waiting for it.',
  },
  {
    env: 'FOLIO_JANITOR_INTERVAL_MS',
    key: 'janitorIntervalMs',
    type: 'integer',
    default: '30000',
    min: 100,
    max: 3600000,
    doc: 'How often the janitor expires transient outputs and upload sessions, purges deleted PDFs and recovers expired leases.',
  },
  {
    env: 'FOLIO_BLOB_GC_GRACE_SECONDS',
    key: 'blobGcGraceSeconds',
    type: 'integer',
    default: '3600',
    min: 0,
    max: 2592000,
    doc: 'An unreferenced blob is deleted only when it has been unreferenced for at least this long (protects uploads racing the sweep).',
  },
];
