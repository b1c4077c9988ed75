// Settings of the HTTP server: where it listens, its data dir and the URL clients reach it by.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const serverSettings: SettingSpec[] = [
  {
    env: 'PORT',
    key: 'port',
    type: 'integer',
    default: '8080',
    min: 0,
    max: 65535,
    doc: 'TCP port the HTTP server listens on (0 picks a free port and prints it).',
  },
  {
    env: 'HOST',
    key: 'host',
    type: 'string',
    default: '127.0.0.1',
    doc: 'Interface the HTTP server binds to. Use 0.0.0.0 inside a container.',
  },
  {
    env: 'FOLIO_DATA_DIR',
    key: 'dataDir',
    type: 'string',
    default: './data',
    doc: 'Directory for the embedded SQLite database, filesystem blobs, the S3 staging area and the generated keys. Created with mode 0700; when Folio runs as root (Chromium and LibreOffice then run as the users folio-chromium and folio-office), an existing one loses group and other access at start.',
  },
  {
    env: 'FOLIO_PUBLIC_URL',
    key: 'publicUrl',
    type: 'string',
    default: null,
    doc: 'Base URL clients use to reach Folio; signed links and permanent links are built on it. Default `http://HOST:PORT`.',
  },
];
