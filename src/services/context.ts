import type { Logger } from 'pino';
import type { BlobStore } from '../blobs/blob-store.js';
import type { Config } from '../config/load.js';
import type { DialectName, Db } from '../db/database.js';
import type { Clock } from '../domain/clock.js';
import type { AttemptResult } from '../domain/webhook-schedule.js';
import type { LookupAll } from '../net/resolve-host.js';
import type { Metrics } from '../observability/metrics.js';
import type { Tracing } from '../observability/tracing.js';
import type { Sandbox } from '../sandbox/pool.js';
import type { EInvoiceValidator } from '../einvoice/einvoice-validator.js';
import type { SendInput } from '../webhooks/delivery-client.js';
import type { PlanCatalog } from '../config/plan-catalog.js';
import type { SecretBox } from './secret-box.js';

/** The ports every service is built from (wired once in app.ts). */
export interface ServiceContext {
  db: Db;
  dialect: DialectName;
  /** SQLite files only (null on PostgreSQL): changes on every commit, null when unknown; for ReadCache. */
  dataVersion: (() => number | null) | null;
  blobs: BlobStore;
  clock: Clock;
  plans: PlanCatalog;
  config: Config;
  log: Logger;
  /** Encrypts the readable-back secrets (webhook signing secrets, deploy secrets) at rest. */
  secrets: SecretBox;
  /** Prometheus counters and histograms of this process (GET /metrics). */
  metrics: Metrics;
  /** Spans over OTLP when the OTEL_* variables ask for them (observability/tracing.ts); off otherwise. */
  tracing: Tracing;
  /** What services reach outside Folio with (tests inject a resolver that plays a hostile DNS). */
  net: OutboundNet;
  /** Where work whose cost an account controls runs, bounded in time and memory (src/sandbox/pool.ts). */
  sandbox: Sandbox;
  /** The official e-invoice rule sets, run in a warm Java process (src/einvoice/). */
  einvoice: EInvoiceValidator;
}

/** The outbound network edge: DNS for address checks and the webhook sender (pinned to a checked address). */
export interface OutboundNet {
  lookup: LookupAll;
  sendWebhook(input: Omit<SendInput, 'lookup'>): Promise<{ result: AttemptResult; durationMs: number }>;
}

/** Who is calling: resolved from an API key (or, later, a dashboard session). */
export interface Principal {
  accountId: string;
  keyId: string | null;
  scopes: readonly string[];
}
