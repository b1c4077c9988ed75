import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How long a scrape waits for the queue counts before leaving that gauge out. */
const JOB_COUNT_TIMEOUT_MS = 2000;

/**
 * Prometheus metrics of one Folio process, served at GET /metrics (docs/operations.md, "Monitoring").
 *
 * One registry per app instance (not prom-client's global one), so tests and benches that build several
 * apps in one process never collide. Labels are bounded sets only: route patterns (never raw URLs), status
 * codes, error codes, outcomes. No account, deploy or job ids: a tenant's identity and volume must not leak
 * to whoever can scrape, and unbounded labels would grow memory without limit.
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
    help: 'Scrapes whose database read for folio_render_jobs failed or took over 2 s (the gauge is then absent from that scrape).',
    registers: [this.registry],
  });

  readonly renderJobs = new Gauge({
    name: 'folio_render_jobs',
    help: 'Render jobs that are not finished, by status (queued, retry_scheduled, rendering), read from the database at scrape time. The queue is shared: every process reports the same numbers.',
    labelNames: ['status'] as const,
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
  #processMetrics = false;

  /** Where folio_render_jobs reads the queue from (set by the composition root). */
  setJobCounts(read: () => Promise<Record<string, number>>): void {
    this.#jobCounts = read;
  }

  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpRequestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /**
   * Reads the queue counts into folio_render_jobs. Done before serialising (prom-client collects all
   * metrics concurrently, so an error counter could not reflect a failure of the same scrape otherwise).
   * A database that is down or slow must not take the whole scrape with it -- process, browser and HTTP
   * metrics matter most exactly then: the gauge is left empty and the failure counted.
   */
  async #readJobCounts(): Promise<void> {
    this.renderJobs.reset();
    if (!this.#jobCounts) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), JOB_COUNT_TIMEOUT_MS);
      });
      const counts = await Promise.race([this.#jobCounts(), timeout]);
      for (const status of ['queued', 'retry_scheduled', 'rendering']) this.renderJobs.set({ status }, counts[status] ?? 0);
    } catch {
      this.jobCountErrors.inc();
    } finally {
      clearTimeout(timer);
    }
  }

  /** The text exposition format, and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    await this.#readJobCounts();
    // The standard process metrics (CPU, memory, event-loop lag, GC) start with the first scrape: they run
    // an event-loop monitor and a GC observer, which a process nobody scrapes (or a test) need not pay for.
    if (!this.#processMetrics) {
      this.#processMetrics = true;
      collectDefaultMetrics({ register: this.registry, prefix: 'folio_' });
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
