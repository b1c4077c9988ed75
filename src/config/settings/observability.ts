// Settings of logs and metrics.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const observabilitySettings: SettingSpec[] = [
  {
    env: 'FOLIO_LOG_LEVEL',
    key: 'logLevel',
    type: 'string',
    default: 'info',
    doc: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    env: 'FOLIO_METRICS_ENABLED',
    key: 'metricsEnabled',
    type: 'boolean',
    default: 'true',
    doc: 'Serve Prometheus metrics at `GET /metrics` (every role; see docs/operations.md, "Monitoring"). The metrics carry no account, deploy or job identifiers.',
  },
  {
    env: 'FOLIO_METRICS_TOKEN',
    key: 'metricsToken',
    type: 'string',
    default: null,
    secret: true,
    doc: 'When set, `GET /metrics` requires `Authorization: Bearer <this token>` (401 otherwise). Unset = open to whoever reaches the port: bind it privately or set a token when the port is public.',
  },
];
