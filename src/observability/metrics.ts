import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_ERRORS } from '../domain/jobs/job-errors.js';
import { OFFICE_RESTART_REASONS, type OfficeProcessStart } from '../office/office-pool.js';
import { BROWSER_RESTART_REASONS, type BrowserLaunch } from '../render/browser-supervisor.js';
import { SANDBOX_LIMIT_KINDS, type SandboxLimitKind } from '../sandbox/pool.js';
import { tasks, type TaskName } from '../sandbox/tasks.js';

/** How long a scrape waits for a database read (the queue, the webhook outbox) before leaving its gauges out. */
const READ_TIMEOUT_MS = 2000;

/** Claimable this long, a job's account counts in folio_render_queue_accounts_waiting. */
export const ACCOUNT_WAIT_SECONDS = 60;

/** The render queue's waits, read at scrape time (observability/queue-readings.ts). */
export interface JobWaits {
  /** Age of the oldest claimable job (queued, or retry_scheduled and due), from when it became claimable; 0: none. */
  oldestSeconds: number;
  /** Accounts with a job claimable for over ACCOUNT_WAIT_SECONDS: with no render running, and with some. */
  accountsWaiting: { none: number; some: number };
}

/** The webhook outbox's backlog, read at scrape time: pending events and their ages (0: none). */
export interface WebhookBacklog {
  /** Pending events whose next attempt is due now. */
  due: number;
  /** Pending events whose next attempt is scheduled later (retries). */
  waiting: number;
  /** Since the oldest pending event occurred. */
  oldestPendingSeconds: number;
  /** Since the oldest due event's attempt fell due. */
  oldestDueSeconds: number;
}

/** The database reads behind the scrape-time gauges other than folio_render_jobs (set by the composition root). */
export interface QueueReadings {
  jobWaits(): Promise<JobWaits>;
  webhookBacklog(): Promise<WebhookBacklog>;
}

/**
 * Prometheus metrics of one Folio process, served at GET /metrics (docs/operations.md, "Monitoring").
 *
 * One registry per app instance (not prom-client's global one), so tests and benches that build several
 * apps in one process never collide. Labels are bounded sets only: route patterns (never raw URLs), status
 * codes, error codes, outcomes, restart reasons, sandbox task names. No account, deploy or job ids: a
 * tenant's identity and volume must not leak to whoever can scrape, and unbounded labels would grow memory
 * without limit. What is per account is counted instead (folio_render_queue_accounts_waiting).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly renderAttempts = new Counter({
    name: 'folio_render_attempts_total',
    help: 'Render attempts finished by this worker, by outcome (succeeded, retry_scheduled, failed) and error code ("" on success).',
    labelNames: ['outcome', 'error_code'] as const,
    registers: [this.registry],
  });

  readonly renderDuration = new Histogram({
    name: 'folio_render_duration_seconds',
    help: 'Wall time of successful renders in the browser (load, ready wait, print, storing the PDF).',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  readonly queueWait = new Histogram({
    name: 'folio_render_queue_wait_seconds',
    help: 'Time from a job becoming claimable (created, or its retry falling due) to a worker claiming it.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly rendersInProgress = new Gauge({
    name: 'folio_renders_in_progress',
    help: 'Jobs this worker process is rendering now.',
    registers: [this.registry],
  });

  readonly browserLaunches = new Counter({
    name: 'folio_browser_launches_total',
    help: 'Chromium launches by this worker (the first one, then relaunches after a crash, a disconnect or a recycle).',
    registers: [this.registry],
  });

  readonly officeProcessStarts = new Counter({
    name: 'folio_office_process_starts_total',
    help: 'LibreOffice processes started by this worker (the first ones, then replacements after N conversions, a crash or a time limit).',
    registers: [this.registry],
  });

  readonly browserRestarts = new Counter({
    name: 'folio_browser_restarts_total',
    help: 'Chromium relaunches by this worker (every launch but its first), by what ended the browser before: crash (its process exited), disconnect (its connection closed), memory (retired above the memory bound), max_renders (retired after its renders, routine), recycle.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly officeProcessRestarts = new Counter({
    name: 'folio_office_process_restarts_total',
    help: "LibreOffice processes started by this worker in place of one of the pool's that ended, by why it ended: crash (LibreOffice ended by itself: a crash, its memory limit), timeout (stopped at a conversion's time limit), max_conversions (routine).",
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly sandboxKills = new Counter({
    name: 'folio_sandbox_tasks_killed_total',
    help: "Sandbox tasks of this process whose process was ended at a bound, by kind (time: its time limit; memory: its process's memory limit; crash: its process died) and task (the fixed set of src/sandbox/tasks.ts).",
    labelNames: ['kind', 'task'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'folio_webhook_attempts_total',
    help: 'Scheduled webhook delivery attempts by outcome: delivered (2xx), retry (will be tried again), failed (gave up).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookDuration = new Histogram({
    name: 'folio_webhook_attempt_duration_seconds',
    help: 'Duration of webhook delivery attempts (connect to response or error).',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobCountErrors = new Counter({
    name: 'folio_render_jobs_read_errors_total',
    help: 'Scrapes whose database read of the render queue (folio_render_jobs, folio_render_queue_oldest_age_seconds, folio_render_queue_accounts_waiting) failed or took over 2 s (those gauges are then absent from that scrape).',
    registers: [this.registry],
  });

  readonly renderJobs = new Gauge({
    name: 'folio_render_jobs',
    help: 'Render jobs that are not finished, by status (queued, retry_scheduled, rendering), read from the database at scrape time. The queue is shared: every process reports the same numbers.',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly queueOldestAge = new Gauge({
    name: 'folio_render_queue_oldest_age_seconds',
    help: 'How long the oldest job waiting to be claimed (queued, or retry_scheduled whose retry is due) has been claimable; 0 when none waits. Read from the database at scrape time: every process reports the same value.',
    registers: [this.registry],
  });

  readonly accountsWaiting = new Gauge({
    name: 'folio_render_queue_accounts_waiting',
    help: `Accounts with a job claimable for over ${ACCOUNT_WAIT_SECONDS} s, by whether the account has renders running: none (it waits for a worker) or some (it may wait behind its own renders: its plan's maxConcurrentRenderJobs, a large batch). A count instead of each account's wait: account ids are never labels. Read at scrape time.`,
    labelNames: ['running'] as const,
    registers: [this.registry],
  });

  readonly webhookEventsPending = new Gauge({
    name: 'folio_webhook_events_pending',
    help: 'Webhook events neither delivered nor given up, by state: due (its next attempt is due: a dispatcher should be sending it) or waiting (its next attempt is scheduled later: a retry). Read from the database at scrape time.',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly webhookOldestPendingAge = new Gauge({
    name: 'folio_webhook_oldest_pending_age_seconds',
    help: "Time since the oldest pending webhook event occurred (its job ended); 0 when none is pending. Retries of an event take about 51 min, longer when a receiver's Retry-After asks (each capped at 1 h).",
    registers: [this.registry],
  });

  readonly webhookOldestDueAge = new Gauge({
    name: 'folio_webhook_oldest_due_age_seconds',
    help: 'Time since the oldest due webhook event fell due without an attempt being recorded; 0 when none is due. Growing: no dispatcher works through the outbox.',
    registers: [this.registry],
  });

  readonly webhookBacklogErrors = new Counter({
    name: 'folio_webhook_events_read_errors_total',
    help: 'Scrapes whose database read of the webhook outbox (folio_webhook_events_pending and the oldest ages) failed or took over 2 s (those gauges are then absent from that scrape).',
    registers: [this.registry],
  });

  /** Recorded on every request (src/http/routes/metrics.ts); registered last, where it always was in the output. */
  readonly httpRequestDuration = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their duration (from request start to response sent).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  #jobCounts: (() => Promise<Record<string, number>>) | null = null;
  #readings: QueueReadings | null = null;
  #processMetrics = false;

  constructor() {
    // Every value of the bounded labels starts at 0, so that rate() and increase() see the first event too.
    for (const reason of BROWSER_RESTART_REASONS) this.browserRestarts.inc({ reason }, 0);
    for (const reason of OFFICE_RESTART_REASONS) this.officeProcessRestarts.inc({ reason }, 0);
    for (const task of Object.keys(tasks)) for (const kind of SANDBOX_LIMIT_KINDS) this.sandboxKills.inc({ kind, task }, 0);
    this.renderAttempts.inc({ outcome: 'succeeded', error_code: '' }, 0);
    for (const code of Object.keys(JOB_ERRORS))
      for (const outcome of ['retry_scheduled', 'failed']) this.renderAttempts.inc({ outcome, error_code: code }, 0);
    for (const outcome of ['delivered', 'retry', 'failed']) this.webhookAttempts.inc({ outcome }, 0);
  }

  /** Where folio_render_jobs reads the queue from (set by the composition root). */
  setJobCounts(read: () => Promise<Record<string, number>>): void {
    this.#jobCounts = read;
  }

  /** Where the other scrape-time gauges read the queue and the webhook outbox from (set by the composition root). */
  setQueueReadings(readings: QueueReadings): void {
    this.#readings = readings;
  }

  /** A Chromium launch (the renderer's onBrowserLaunch). */
  browserLaunched(launch: BrowserLaunch): void {
    this.browserLaunches.inc();
    if (launch.restart) this.browserRestarts.inc({ reason: launch.restart });
  }

  /** A LibreOffice process started (the Office pool's onProcessStart). */
  officeProcessStarted(start: OfficeProcessStart): void {
    this.officeProcessStarts.inc();
    if (start.restart) this.officeProcessRestarts.inc({ reason: start.restart });
  }

  /** A sandbox task stopped at a bound (the sandbox's onKilled). Its account is not counted: it is no label. */
  sandboxTaskKilled(info: { task: TaskName; account: string; kind: SandboxLimitKind }): void {
    this.sandboxKills.inc({ kind: info.kind, task: info.task });
  }

  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpRequestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /**
   * Reads the render queue into its gauges (folio_render_jobs, the oldest age, the accounts waiting). Done
   * before serialising (prom-client collects all metrics concurrently, so an error counter could not reflect
   * a failure of the same scrape otherwise). A database that is down or slow must not take the whole scrape
   * with it -- process, browser and HTTP metrics matter most exactly then: the gauges are left empty and
   * the failure counted, once per scrape.
   */
  async #readRenderQueue(): Promise<void> {
    const counts = this.#jobCounts;
    const readings = this.#readings;
    // Read first, then reset and set with no await between: a reading that runs beside another (a scrape and
    // an OTLP export, two scrapers) never serialises the other's gauges emptied.
    let read: [Record<string, number> | undefined, Awaited<ReturnType<QueueReadings['jobWaits']>> | undefined] | null = null;
    if (counts || readings) {
      try {
        read = await withinReadTimeout(Promise.all([counts?.(), readings?.jobWaits()]));
      } catch {
        this.jobCountErrors.inc();
      }
    }
    this.renderJobs.reset();
    this.accountsWaiting.reset();
    this.queueOldestAge.remove();
    const [c, w] = read ?? [undefined, undefined];
    if (c) for (const status of ['queued', 'retry_scheduled', 'rendering']) this.renderJobs.set({ status }, c[status] ?? 0);
    if (w) {
      this.queueOldestAge.set(w.oldestSeconds);
      for (const running of ['none', 'some'] as const) this.accountsWaiting.set({ running }, w.accountsWaiting[running]);
    }
  }

  /** Reads the webhook outbox's backlog into its gauges, by the rules of #readRenderQueue. */
  async #readWebhookBacklog(): Promise<void> {
    let b: Awaited<ReturnType<QueueReadings['webhookBacklog']>> | null = null;
    if (this.#readings) {
      try {
        b = await withinReadTimeout(this.#readings.webhookBacklog());
      } catch {
        this.webhookBacklogErrors.inc();
      }
    }
    this.webhookEventsPending.reset();
    this.webhookOldestPendingAge.remove();
    this.webhookOldestDueAge.remove();
    if (!b) return;
    this.webhookEventsPending.set({ state: 'due' }, b.due);
    this.webhookEventsPending.set({ state: 'waiting' }, b.waiting);
    this.webhookOldestPendingAge.set(b.oldestPendingSeconds);
    this.webhookOldestDueAge.set(b.oldestDueSeconds);
  }

  /** The text exposition format, and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    await this.#readAll();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Every metric's values now, as prom-client gives them (what metrics-otlp.ts sends over OTLP). */
  async snapshot(): Promise<Awaited<ReturnType<Registry['getMetricsAsJSON']>>> {
    await this.#readAll();
    return this.registry.getMetricsAsJSON();
  }

  async #readAll(): Promise<void> {
    await Promise.all([this.#readRenderQueue(), this.#readWebhookBacklog()]);
    // The standard process metrics (CPU, memory, event-loop lag, GC) start with the first scrape: they run
    // an event-loop monitor and a GC observer, which a process nobody scrapes (or a test) need not pay for.
    if (!this.#processMetrics) {
      this.#processMetrics = true;
      collectDefaultMetrics({ register: this.registry, prefix: 'folio_' });
    }
  }
}

/** The read's result, or a rejection once it has taken READ_TIMEOUT_MS. */
async function withinReadTimeout<T>(read: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), READ_TIMEOUT_MS);
    });
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
