import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openBlobStore } from './blobs/open-blob-store.js';
import type { Config } from './config/load.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { systemLookup, type LookupAll } from './net/resolve-host.js';
import { PgNotifier } from './notifier/pg-notifier.js';
import { systemClock, type Clock } from './domain/clock.js';
import { closeWithoutKeepAlive } from './http/close-server.js';
import { buildServer } from './http/server.js';
import { signingCertificateRoutes } from './http/routes/account/signing-certificates.js';
import { createLogger } from './observability/logger.js';
import { Metrics } from './observability/metrics.js';
import { queueReadings } from './observability/queue-readings.js';
import { exportMetricsOverOtlp } from './observability/metrics-otlp.js';
import { Tracing } from './observability/tracing.js';
import { findChromium } from './render/chromium-process.js';
import { describeSandbox } from './render/chromium-sandbox.js';
import { validateVersionPdf, versionPdfFilesProblem } from './render/pdf-options.js';
import { Renderer } from './render/renderer.js';
import { isSandboxLimit, SandboxPool } from './sandbox/pool.js';
import { dataLimitHolds } from './sandbox/child-process.js';
import { EInvoiceValidator } from './einvoice/einvoice-validator.js';
import type { OutboundNet, ServiceContext } from './services/context.js';
import { buildServices, type Services } from './services/index.js';
import { loadPlanCatalog } from './config/plan-catalog.js';
import { loadSecretsKey, loadSigningKey } from './config/keys.js';
import { prepareDataDir } from './config/data-dir.js';
import { SecretBox } from './services/secret-box.js';
import { sealPlaintextSecrets } from './services/seal-plaintext-secrets.js';
import { SigningCertificates } from './services/accounts/signing-certificates.js';
import { sendWebhook } from './webhooks/delivery-client.js';
import { BatchCombiner } from './worker/batch-combiner.js';
import { Janitor } from './worker/janitor.js';
import { WebhookDispatcher } from './worker/webhook-dispatcher.js';
import { RenderWorker, SPARE_JOB_SLOTS, type RendererPort } from './worker/render-worker.js';
import { OfficePool, type OfficePoolOptions } from './office/office-pool.js';

export type Role = 'all' | 'api' | 'worker';

export interface AppOptions {
  config: Config;
  role?: Role;
  clock?: Clock;
  logger?: Logger;
  /** Run migrations on start (the embedded default); scale-out runs `folio migrate` once instead. */
  migrate?: boolean;
  /** Replaces the Chromium renderer (bench baselines); default: a Renderer on Debian's Chromium. */
  renderer?: RendererPort & { close(): Promise<void>; isHealthy?(): Promise<boolean> };
  /** Tracing of this process; default: from the OTEL_* variables (observability/tracing.ts). */
  tracing?: Tracing;
  /** Replaces the Office converter (a pool with other settings); default: one from the settings. */
  office?: OfficePool;
  /** Replaces system DNS for the address checks of webhooks and of the pages' internet requests (tests play a hostile or empty resolver). */
  lookup?: LookupAll;
}

export interface App {
  config: Config;
  role: Role;
  services: Services;
  /** The account's PKCS#12 signing certificates. */
  signingCertificates: SigningCertificates;
  log: Logger;
  /** Present when the role renders (all, worker). */
  worker: RenderWorker | null;
  janitor: Janitor | null;
  dispatcher: WebhookDispatcher | null;
  /** Builds render batches' merged PDFs and zips (rendering roles). */
  combiner: BatchCombiner | null;
  renderer: (RendererPort & { close(): Promise<void>; isHealthy?(): Promise<boolean> }) | null;
  /** The Office converter of a rendering process (null in the api role). */
  office: OfficePool | null;
  /** Starts claiming jobs, the janitor's timer and Chromium's launch; `afterLaunch` runs once that launch settled. */
  startBackground(opts?: { afterLaunch?: () => void }): void;
  close(): Promise<void>;
}

/** Composition root: builds the database, blob store, plans, services and (for rendering roles) the worker. */
export async function createApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const role = opts.role ?? 'all';
  const log = opts.logger ?? createLogger(config.logLevel);
  if (prepareDataDir(config.dataDir)) log.info({ dataDir: config.dataDir }, 'data folder made private to its owner (mode 0700)');
  // Before touching the database: PostgreSQL without FOLIO_SECRETS_KEY stops here (ConfigError).
  const secretsKey = loadSecretsKey(config);
  let pgNotifier: PgNotifier | null = null;
  const database = openDatabase(config.resolved.databaseUrl, {
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onIdleError: (err) => log.warn({ err }, 'database connection lost while idle'),
  });
  const metrics = new Metrics();
  // Work whose cost an account controls runs here, off this process's event loop (docs/architecture.md).
  const sandbox = new SandboxPool({
    threads: config.sandboxThreads,
    memoryMb: config.sandboxMemoryMb,
    onKilled: (info) => {
      log.warn(info, 'sandbox task stopped at its limit');
      metrics.sandboxTaskKilled(info);
    },
  });
  // E-invoices are checked by the official rule sets in a Java process of its own, started on first use.
  const einvoice = new EInvoiceValidator({
    java: config.einvoiceJava,
    saxonJar: config.einvoiceSaxonJar,
    memoryMb: config.einvoiceMemoryMb,
    timeoutMs: config.einvoiceTimeoutMs,
    maxBytes: config.einvoiceMaxBytes,
  });
  if (!dataLimitHolds)
    log.warn(
      "util-linux's prlimit is not installed: sandbox processes run with V8's heap cap only, and the buffers of a hostile PDF are unbounded (Debian/Ubuntu: apt-get install util-linux)",
    );
  try {
    if (opts.migrate !== false) await migrateToLatest(database.db);
    const ctx: ServiceContext = {
      db: database.db,
      dialect: database.dialect,
      dataVersion: database.dataVersion,
      blobs: await openBlobStore(config),
      clock: opts.clock ?? systemClock,
      plans: loadPlanCatalog(config.plansFile),
      config,
      log,
      secrets: new SecretBox(secretsKey),
      metrics,
      tracing: opts.tracing ?? (await Tracing.fromEnv()),
      net: outboundNet(opts.lookup ?? systemLookup),
      sandbox,
      einvoice,
    };
    ctx.metrics.setJobCounts(() => unfinishedJobCounts(ctx));
    ctx.metrics.setQueueReadings(queueReadings(ctx.db, ctx.clock));
    // OTEL_METRICS_EXPORTER: the same meters go over OTLP too (observability/metrics-otlp.ts).
    const stopMetricsExport = ctx.tracing.exportsMetrics ? exportMetricsOverOtlp(ctx.metrics) : null;
    const sealed = await sealPlaintextSecrets(ctx);
    if (sealed > 0) log.info({ sealed }, 'encrypted secrets that were stored in plain text (FOLIO_SECRETS_KEY is now in effect)');
    // With PostgreSQL, wake-ups cross processes through LISTEN/NOTIFY; in one process an EventEmitter does.
    pgNotifier = database.pool ? new PgNotifier(config.resolved.databaseUrl, database.pool, log) : null;
    await pgNotifier?.start();
    // Job creation in a rendering process refuses at once when this machine cannot render at all.
    const providerProblem =
      role === 'api'
        ? null
        : () =>
            opts.renderer || findChromium(config.chromiumPath ?? undefined)
              ? null
              : `Chromium was not found${config.chromiumPath ? ` at ${config.chromiumPath}` : ' (install the chromium package or set FOLIO_CHROMIUM_PATH)'}`;
    // Office conversion (LibreOffice, sandboxed, warm processes) in the rendering roles.
    const office = role === 'api' ? null : (opts.office ?? officePool(config, (start) => ctx.metrics.officeProcessStarted(start)));
    const services = buildServices(ctx, {
      signingKey: loadSigningKey(config),
      notifier: pgNotifier ?? undefined,
      // render.metadata.pdf: print overrides and the document options (PDF/A, metadata, append/prepend).
      versionMetadata: {
        validate: (metadata) => validateVersionPdf(metadata.pdf),
        files: (accountId, metadata, has, read) =>
          versionPdfFilesProblem(metadata.pdf, has, read, async (pdf, maxPages) => {
            try {
              return await sandbox.run(
                'pdf.inspectJoined',
                { pdf, limits: { maxPages } },
                { account: accountId, timeoutMs: config.sandboxTimeoutMs },
              );
            } catch (err) {
              if (!isSandboxLimit(err)) throw err;
              return { problem: `could not be read within the limits: ${err.message}`, pages: 0 };
            }
          }),
      },
      providerProblem,
      officeProblem: office ? () => office.unavailableReason() : null,
    });

    let worker: RenderWorker | null = null;
    let dispatcher: WebhookDispatcher | null = null;
    let janitor: Janitor | null = null;
    let combiner: BatchCombiner | null = null;
    let renderer: App['renderer'] = null;
    if (role !== 'api') {
      const chromium = findChromium(config.chromiumPath ?? undefined);
      renderer =
        opts.renderer ??
        new Renderer({
          executablePath: chromium ?? config.chromiumPath ?? undefined,
          // The worker's job slots plus its spare one (render-worker.ts): the spare job renders at once.
          concurrency: config.renderConcurrency + SPARE_JOB_SLOTS,
          preloadMs: config.renderPreloadMs,
          idlePageMs: config.renderIdlePageMs,
          fetchLimits: {
            resourceBytes: config.maxFetchedResourceBytes,
            jobBytes: config.maxFetchedBytesPerJob,
            inFlightBytes: config.maxFetchedBytesInFlight,
          },
          chromiumUser: config.chromiumUser,
          noSandbox: config.chromiumNoSandbox,
          ...(opts.lookup ? { lookup: opts.lookup } : {}),
          onBrowserLaunch: (launch) => ctx.metrics.browserLaunched(launch),
        });
      if (config.chromiumNoSandbox && !opts.renderer) {
        log.warn(
          "Chromium runs WITHOUT its sandbox (FOLIO_CHROMIUM_NO_SANDBOX=true): a renderer exploit in an untrusted template would run with the privileges of this process's user",
        );
      }
      worker = new RenderWorker(ctx, {
        renderer,
        outcomes: services.jobOutcomes,
        pageImages: services.pageImages,
        notifier: services.notifier,
        merges: services.pdfMerges,
        office,
        // Office conversions take the same job slots as pages (FOLIO_RENDER_CONCURRENCY).
        concurrency: config.renderConcurrency,
      });
      // Each loop wakes itself on the news of this process's services (services/events.ts): the dispatcher when
      // a committed transaction wrote a webhook event, the combiner when a batch with a product ended.
      dispatcher = new WebhookDispatcher(ctx, { webhooks: services.webhooks, events: services.events });
      combiner = new BatchCombiner(ctx, { products: services.batchProducts, events: services.events });
      janitor = new Janitor(ctx, {
        files: services.renderedFiles,
        images: services.pageImages,
        idempotency: services.idempotency,
        outcomes: services.jobOutcomes,
        deploys: services.deploys,
        inputs: services.jobInputs,
      });
    } else {
      janitor = null;
    }

    let closed = false;
    return {
      config,
      role,
      services,
      signingCertificates: services.signingCertificates,
      log,
      worker,
      janitor,
      dispatcher,
      combiner,
      renderer,
      office,
      startBackground: (opts = {}) => {
        // Launch Chromium now rather than on the first job, so /readyz reports a browser that cannot start.
        const launched = (renderer as { start?: () => Promise<void> } | null)?.start?.() ?? Promise.resolve();
        worker?.start();
        janitor?.start();
        dispatcher?.start();
        combiner?.start();
        void launched.catch((err: unknown) => log.error({ err }, 'Chromium failed to start')).finally(() => opts.afterLaunch?.());
      },
      close: async () => {
        if (closed) return;
        closed = true;
        stopMetricsExport?.();
        // Gotenberg webhook work answered 204 already: it gets the grace period to send what it made.
        await services.gotenbergWebhooks.drain(config.shutdownGraceMs);
        await worker?.stop(config.shutdownGraceMs);
        await janitor?.stop();
        await dispatcher?.stop();
        await combiner?.stop();
        await renderer?.close();
        await office?.close();
        await sandbox.close();
        einvoice.close();
        await pgNotifier?.close();
        await database.close();
      },
    };
  } catch (err) {
    await sandbox.close();
    einvoice.close();
    await pgNotifier?.close();
    await database.close();
    throw err;
  }
}

/** The warm LibreOffice pool of the settings (docs/office.md); started on the first conversion. */
function officePool(config: Config, onProcessStart: OfficePoolOptions['onProcessStart']): OfficePool {
  return new OfficePool({
    size: config.officePoolSize,
    maxConversionsPerProcess: config.officeMaxConversions,
    memoryMb: config.officeMemoryMb,
    user: config.officeUser,
    sofficePath: config.officePath,
    onProcessStart,
  });
}

function outboundNet(lookup: LookupAll): OutboundNet {
  return { lookup, sendWebhook: (input) => sendWebhook({ ...input, lookup }) };
}

/** folio_render_jobs: one indexed count over the unfinished statuses (render_jobs_queue index). */
async function unfinishedJobCounts(ctx: ServiceContext): Promise<Record<string, number>> {
  const rows = await ctx.db
    .selectFrom('render_jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['queued', 'retry_scheduled', 'rendering'])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export interface HttpApp extends App {
  server: FastifyInstance;
}

/** The app plus its HTTP server (not listening). */
export async function createHttpApp(opts: AppOptions): Promise<HttpApp> {
  const app = await createApp(opts);
  const readinessChecks = app.renderer
    ? [
        {
          name: 'chromium',
          check: async () => {
            const healthy = app.renderer!.isHealthy ? await app.renderer!.isHealthy() : true;
            if (!healthy) throw new Error('Chromium is not usable: it does not answer, or it failed to launch (the reason is in the logs)');
          },
        },
      ]
    : [];
  const readinessDetails: Record<string, string> = app.renderer
    ? { chromiumSandbox: describeSandbox({ chromiumUser: app.config.chromiumUser, noSandbox: app.config.chromiumNoSandbox }) }
    : {};
  // Gotenberg's /health: the converters this process runs, as Gotenberg names them.
  const healthChecks = [
    ...(app.renderer
      ? [{ name: 'chromium', check: async () => ((await (app.renderer!.isHealthy?.() ?? true)) ? null : 'Chromium is unhealthy') }]
      : []),
    ...(app.office ? [{ name: 'libreoffice', check: async () => app.office!.unavailableReason() }] : []),
  ];
  const server = await buildServer({ services: app.services, logger: app.log, readinessChecks, readinessDetails, healthChecks });
  // Added after buildServer: its onRoute hooks (authentication, 405s, the OpenAPI document) see them too.
  signingCertificateRoutes(server, app.services, app.signingCertificates);
  return {
    ...app,
    server,
    close: async () => {
      // Stop claiming and let running renders finish (bounded) before the HTTP server goes away.
      await app.worker?.stop(app.config.shutdownGraceMs);
      // A request answered as the close began leaves its connection open for the client (keep-alive).
      await closeWithoutKeepAlive(server.server, () => server.close());
      await app.close();
    },
  };
}
