// The one schema of every setting. Nothing else reads process.env: load() turns the environment into a
// typed Config, and docs/config.md is generated from this list (npm run docs).

export type SettingType = 'string' | 'integer' | 'boolean';

export interface SettingSpec {
  env: string;
  key: keyof ConfigValues;
  type: SettingType;
  /** Default as the user would write it in the environment; null = unset. May reference other settings via a function. */
  default: string | null;
  doc: string;
  /** Accepted range for integers. */
  min?: number;
  max?: number;
  /** Never printed (docs show only that it is secret). */
  secret?: boolean;
}

export interface ConfigValues {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | null;
  databaseUrl: string | null;
  storageUrl: string | null;
  s3Endpoint: string | null;
  s3Region: string | null;
  s3ForcePathStyle: boolean;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  bootstrapApiKey: string | null;
  bootstrapEmail: string | null;
  bootstrapPassword: string | null;
  plansFile: string | null;
  defaultPlan: string;
  chromiumPath: string | null;
  chromiumUser: string;
  chromiumNoSandbox: boolean;
  renderConcurrency: number;
  sandboxThreads: number;
  sandboxMemoryMb: number;
  sandboxTimeoutMs: number;
  payloadCheckTimeoutMs: number;
  renderPreloadMs: number;
  allowInsecureWebhooks: boolean;
  signingKey: string | null;
  secretsKey: string | null;
  logLevel: string;
  metricsEnabled: boolean;
  metricsToken: string | null;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  authCacheTtlMs: number;
  authChangePollMs: number;
  processHeartbeatMs: number;
  authFailuresPerMinute: number;
  authFailureBurst: number;
  trustProxy: string | null;
  uploadSessionTtlSeconds: number;
  idempotencyTtlSeconds: number;
  transientOutputTtlSeconds: number;
  maxJsonBodyBytes: number;
  requestTimeoutMs: number;
  maxPayloadBytes: number;
  shutdownGraceMs: number;
  workerLeaseMs: number;
  workerPollMs: number;
  janitorIntervalMs: number;
  blobGcGraceSeconds: number;
}

export const settings: SettingSpec[] = [
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
    doc: 'Directory for the embedded SQLite database, filesystem blobs and the generated signing key.',
  },
  {
    env: 'FOLIO_PUBLIC_URL',
    key: 'publicUrl',
    type: 'string',
    default: null,
    doc: 'Base URL clients use to reach Folio; signed links and permanent links are built on it. Default `http://HOST:PORT`.',
  },
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
  {
    env: 'FOLIO_BOOTSTRAP_API_KEY',
    key: 'bootstrapApiKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'API key created for the bootstrap account on first start (must start with `folio_sk_` followed by at least 32 base62 characters). Unset = random, printed once.',
  },
  {
    env: 'FOLIO_BOOTSTRAP_EMAIL',
    key: 'bootstrapEmail',
    type: 'string',
    default: null,
    doc: 'Email of the bootstrap owner user created on first start. Default `admin@localhost`.',
  },
  {
    env: 'FOLIO_BOOTSTRAP_PASSWORD',
    key: 'bootstrapPassword',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Password of the bootstrap owner user. Unset = random, printed once.',
  },
  {
    env: 'FOLIO_PLANS_FILE',
    key: 'plansFile',
    type: 'string',
    default: null,
    doc: 'JSON file of plans merged over the built-in `free`, `pro` and `unlimited`: `{"<key>": {"name", "currency", "interval", "monthlyPriceCents", "policy": {...}}}`. See docs/plans.md.',
  },
  {
    env: 'FOLIO_DEFAULT_PLAN',
    key: 'defaultPlan',
    type: 'string',
    default: 'unlimited',
    doc: 'Plan given to new accounts (the bootstrap account and `folio accounts create` without --plan).',
  },
  {
    env: 'FOLIO_CHROMIUM_PATH',
    key: 'chromiumPath',
    type: 'string',
    default: null,
    doc: 'Chromium executable. Default: auto-detect `/usr/lib/chromium/chromium-headless-shell` (Debian package chromium-headless-shell, about twice as fast per render), then `/usr/lib/chromium/chromium`, then `/usr/bin/chromium`.',
  },
  {
    env: 'FOLIO_CHROMIUM_USER',
    key: 'chromiumUser',
    type: 'string',
    default: 'folio-chromium',
    doc: 'When Folio runs as root: the unprivileged user Chromium runs as, so that it keeps its own sandbox (Chromium refuses its sandbox as root). `npm start`\'s set-up creates the system user `folio-chromium`; a missing user makes renders fail with `render_provider_unavailable` naming what to do. Not used when Folio runs as another user: Chromium then runs as that user, sandboxed. See docs/operations.md, "Chromium\'s sandbox".',
  },
  {
    env: 'FOLIO_CHROMIUM_NO_SANDBOX',
    key: 'chromiumNoSandbox',
    type: 'boolean',
    default: 'false',
    doc: "Run Chromium without its sandbox (`--no-sandbox`). Only for hosts where the sandbox cannot start (no user namespaces, e.g. a container under a default seccomp profile): templates are untrusted code, and without the sandbox a renderer exploit runs with the privileges of Chromium's user. Logged as a warning at start and reported by `/readyz` (`details.chromiumSandbox`).",
  },
  {
    env: 'FOLIO_RENDER_CONCURRENCY',
    key: 'renderConcurrency',
    type: 'integer',
    default: '2',
    min: 1,
    max: 64,
    doc: 'Pages rendered at once by one worker process.',
  },
  {
    env: 'FOLIO_SANDBOX_THREADS',
    key: 'sandboxThreads',
    type: 'integer',
    default: '2',
    min: 1,
    max: 64,
    doc: 'Threads of the sandbox, where work whose cost an account controls runs off the event loop: reading PDFs from bundles, post-processing with joined PDFs, payload schemas, PKCS#12 key derivation, e-invoice XML (docs/architecture.md, "The sandbox"). Accounts take the threads in turn.',
  },
  {
    env: 'FOLIO_SANDBOX_MEMORY_MB',
    key: 'sandboxMemoryMb',
    type: 'integer',
    default: '1024',
    min: 64,
    max: 16384,
    doc: 'JavaScript heap of one sandbox thread, MiB (a cap, not a reservation: an idle thread holds a few MiB). A merge of 100 MiB of sources needs about 800. Work that needs more fails alone (a 400, a failed job), never the process.',
  },
  {
    env: 'FOLIO_SANDBOX_TIMEOUT_MS',
    key: 'sandboxTimeoutMs',
    type: 'integer',
    default: '10000',
    min: 100,
    max: 600000,
    doc: "Time limit of one sandbox task at commit or upload (a PDF named in render.metadata.pdf, a payload schema, a PKCS#12 file, an e-invoice XML); the thread is stopped past it. Post-processing in a render job is bounded by the job's own render timeout instead.",
  },
  {
    env: 'FOLIO_PAYLOAD_CHECK_TIMEOUT_MS',
    key: 'payloadCheckTimeoutMs',
    type: 'integer',
    default: '1000',
    min: 10,
    max: 60000,
    doc: "Time limit of checking one job's payload against its version's payload.schema.json (a 400 payload_invalid that says so past it).",
  },
  {
    env: 'FOLIO_RENDER_PRELOAD_MS',
    key: 'renderPreloadMs',
    type: 'integer',
    default: '2000',
    min: 0,
    max: 60000,
    doc: 'Preloading (docs/templates.md, "Preloading"): while a job of an ordinary template (one without `folio.onJob`) prints, the account\'s next page of the same template starts loading, up to its payload request, and is kept this long for the account\'s next job before it is reset. The page is new and has no job until one takes it. 0 turns preloading off.',
  },
  {
    env: 'FOLIO_ALLOW_INSECURE_WEBHOOKS',
    key: 'allowInsecureWebhooks',
    type: 'boolean',
    default: 'false',
    doc: 'Local development only: accept http:// webhook URLs and loopback/private hosts.',
  },
  {
    env: 'FOLIO_SECRETS_KEY',
    key: 'secretsKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Key (at least 32 characters) that encrypts webhook signing secrets and deploy secrets at rest (AES-256-GCM). Embedded mode generates one in the data dir (`secrets.key`) when unset. Required with PostgreSQL (the same value in every process; start-up stops without it); plaintext secrets left by older releases are encrypted at start (docs/operations.md, The secrets key). Keep it: secrets encrypted with a lost key cannot be read.',
  },
  {
    env: 'FOLIO_SIGNING_KEY',
    key: 'signingKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Key (at least 32 characters) that signs download/preview links. Embedded mode generates one in the data dir when unset; required when several processes serve links.',
  },
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
  {
    env: 'FOLIO_RATE_LIMIT_PER_SECOND',
    key: 'rateLimitPerSecond',
    type: 'integer',
    default: '50',
    min: 1,
    max: 1000000,
    doc: 'Requests per second per API key, for plans that set no `rateLimit` of their own.',
  },
  {
    env: 'FOLIO_RATE_LIMIT_BURST',
    key: 'rateLimitBurst',
    type: 'integer',
    default: '100',
    min: 1,
    max: 1000000,
    doc: 'Burst size of the per-key token bucket, for plans that set no `rateLimit` of their own.',
  },
  {
    env: 'FOLIO_AUTH_CACHE_TTL_MS',
    key: 'authCacheTtlMs',
    type: 'integer',
    default: '30000',
    min: 0,
    max: 3600000,
    doc: "How long a verified API key is trusted without a database read (0 = read on every request). Revoking a key or changing its scopes (API, dashboard, `folio keys revoke`, `folio keys scopes`) and changing an account's plan drop the cached key and plan in every api process within `FOLIO_AUTH_CHANGE_POLL_MS` (on PostgreSQL at once, through NOTIFY), whatever this TTL.",
  },
  {
    env: 'FOLIO_AUTH_CHANGE_POLL_MS',
    key: 'authChangePollMs',
    type: 'integer',
    default: '250',
    min: 50,
    max: 10000,
    doc: 'How often every api process checks the `auth_changes` counter that revocations, scope changes and plan changes bump (on SQLite only after something was committed). It bounds how long another process keeps honouring a revoked key or an old plan when no message reaches it: a `folio` CLI command on SQLite, a NOTIFY lost while the LISTEN connection reconnects. Keep it under 1000 for the documented 1 s.',
  },
  {
    env: 'FOLIO_PROCESS_HEARTBEAT_MS',
    key: 'processHeartbeatMs',
    type: 'integer',
    default: '2000',
    min: 100,
    max: 60000,
    doc: 'Heartbeat of an api process that serves authenticated traffic (its row in `api_processes`). Each of N live processes enforces 1/N of every per-key rate limit; a process is counted until three heartbeats pass without its heartbeat, and leaves after three heartbeats without traffic. See docs/operations.md, "Rate limits".',
  },
  {
    env: 'FOLIO_AUTH_FAILURES_PER_MINUTE',
    key: 'authFailuresPerMinute',
    type: 'integer',
    default: '60',
    min: 1,
    max: 1000000,
    doc: 'Failed API-key authentications (unknown, malformed or revoked keys) allowed per client address per minute across all api processes; past it (and `FOLIO_AUTH_FAILURE_BURST`) a wrong key gets 429 `auth_throttled` with `Retry-After`. A valid key is never throttled by it.',
  },
  {
    env: 'FOLIO_AUTH_FAILURE_BURST',
    key: 'authFailureBurst',
    type: 'integer',
    default: '30',
    min: 1,
    max: 1000000,
    doc: 'Burst of failed API-key authentications per client address before `FOLIO_AUTH_FAILURES_PER_MINUTE` applies.',
  },
  {
    env: 'FOLIO_TRUST_PROXY',
    key: 'trustProxy',
    type: 'string',
    default: null,
    doc: 'Which proxies may set the client address with `X-Forwarded-For` (Fastify `trustProxy`): comma-separated addresses/CIDRs of your load balancers (recommended), a number of hops, or `true` (every hop: then the client can write the address it is counted under, so avoid it where the per-address limits matter). Unset: the client address is the TCP peer. Set it behind a load balancer, or every client shares the balancer\'s address in the per-address failed-authentication limits (docs/operations.md, "Rate limits").',
  },
  {
    env: 'FOLIO_UPLOAD_SESSION_TTL_SECONDS',
    key: 'uploadSessionTtlSeconds',
    type: 'integer',
    default: '3600',
    min: 60,
    max: 86400,
    doc: 'Lifetime of an upload session (the interface fixes 1 hour).',
  },
  {
    env: 'FOLIO_IDEMPOTENCY_TTL_SECONDS',
    key: 'idempotencyTtlSeconds',
    type: 'integer',
    default: '86400',
    min: 60,
    max: 604800,
    doc: 'How long an Idempotency-Key is remembered (the interface fixes 24 hours).',
  },
  {
    env: 'FOLIO_TRANSIENT_OUTPUT_TTL_SECONDS',
    key: 'transientOutputTtlSeconds',
    type: 'integer',
    default: '600',
    min: 60,
    max: 604800,
    doc: 'How long a transient render output stays downloadable after the job finished.',
  },
  {
    env: 'FOLIO_MAX_JSON_BODY_BYTES',
    key: 'maxJsonBodyBytes',
    type: 'integer',
    default: '1048576',
    min: 1024,
    max: 104857600,
    doc: 'Largest JSON request body for ordinary routes (upload-session and render-job routes allow more; see docs/api.md).',
  },
  {
    env: 'FOLIO_REQUEST_TIMEOUT_MS',
    key: 'requestTimeoutMs',
    type: 'integer',
    default: '300000',
    min: 1000,
    max: 3600000,
    doc: "How long a client may take to send a whole request, headers and body (a JSON body, a multipart job, a blob upload), counted from its first byte; the headers alone get at most 60 s (or this, when lower). A request still arriving then is answered 408 `request_timeout` and its connection closed; checked at least every second. The default is Node's own `server.requestTimeout`: a 10 MiB blob upload then needs about 35 KB/s. What happens after the request arrived (a render, a long poll) is not limited by it.",
  },
  {
    env: 'FOLIO_MAX_PAYLOAD_BYTES',
    key: 'maxPayloadBytes',
    type: 'integer',
    default: '5242880',
    min: 1024,
    max: 104857600,
    doc: 'Largest render payload (bytes the page receives); larger gives 400 payload_too_large.',
  },
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
