// What a setting is: its variable, the Config key it fills, its type, default, bounds and doc; and the
// typed values of all settings. The settings themselves are listed in schema.ts.

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
  renderIdlePageMs: number;
  maxFetchedResourceBytes: number;
  maxFetchedBytesPerJob: number;
  maxFetchedBytesInFlight: number;
  officePath: string | null;
  officeUser: string;
  officePoolSize: number;
  officeMaxConversions: number;
  officeMemoryMb: number;
  einvoiceJava: string | null;
  einvoiceSaxonJar: string;
  einvoiceMemoryMb: number;
  einvoiceTimeoutMs: number;
  einvoiceMaxBytes: number;
  allowInsecureWebhooks: boolean;
  urlSourceAllowedHosts: string | null;
  timestampAuthorityUrl: string | null;
  timestampAllowedHosts: string | null;
  signingKey: string | null;
  secretsKey: string | null;
  passwordHashCost: number;
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
  requestIdleTimeoutMs: number;
  maxPayloadBytes: number;
  shutdownGraceMs: number;
  workerLeaseMs: number;
  workerPollMs: number;
  janitorIntervalMs: number;
  blobGcGraceSeconds: number;
}
