// Traces over OTLP (docs/operations.md, "Tracing"), configured by the standard OpenTelemetry variables and
// off when none names an exporter or an endpoint: then the SDK is never loaded and no span is made
// (`start` answers null), while a caller's `traceparent` is still stored with its job and sent on the
// job's webhooks. On, the maintained OpenTelemetry SDK for Node (NodeSDK) reads every other variable itself:
// OTEL_SERVICE_NAME (default "folio"), OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY, OTEL_RESOURCE_ATTRIBUTES… Spans are made by Folio's own code
// at the boundaries that matter (no automatic instrumentation of libraries): one tracer per process,
// reached by services through ServiceContext.tracing.
import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { formatTraceparent, parseTraceparent } from '../domain/tracing/traceparent.js';
import { otlpMetricReader } from './metrics-otlp.js';

export { SpanKind, SpanStatusCode, type Span };

/** Whether the variables ask for traces: an exporter other than none, or an OTLP endpoint. */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((s) => s.trim().toLowerCase());
  if (exporters.includes('none')) return false;
  if (exporters.some((e) => e !== '')) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export interface SpanOptions {
  /** The parent: a span, a stored traceparent, or (undefined) the active context. */
  parent?: Span | string | null;
  kind?: SpanKind;
  attributes?: Attributes;
  /** When the span began, epoch ms (a phase measured before its span could be made). */
  startTime?: number;
}

/** Whether OTEL_METRICS_EXPORTER asks for Folio's metrics over OTLP (`otlp`; Prometheus's are GET /metrics). */
export function metricsWanted(env: NodeJS.ProcessEnv): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_METRICS_EXPORTER ?? '').split(',').map((s) => s.trim().toLowerCase());
  return !exporters.includes('none') && exporters.includes('otlp');
}

interface Sdk {
  shutdown(): Promise<void>;
}

let started: Promise<Tracing> | null = null;

export class Tracing {
  #tracer: Tracer | null = null;

  /** Tracing off: no SDK, no spans. */
  static readonly off = new Tracing(null, false, false);

  private constructor(
    private readonly sdk: Sdk | null,
    /** Spans are made and exported. */
    readonly enabled: boolean,
    /** The SDK exports metrics (metrics-otlp.ts reads Folio's into it). */
    readonly exportsMetrics: boolean,
  ) {}

  /** The process's telemetry, started once from the variables (the SDK registers process-wide providers). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
    const traces = tracingWanted(env);
    const metrics = metricsWanted(env);
    if (!traces && !metrics) return Promise.resolve(Tracing.off);
    started ??= (async () => {
      const { NodeSDK } = await import('@opentelemetry/sdk-node');
      const sdk = new NodeSDK({
        ...(env.OTEL_SERVICE_NAME?.trim() ? {} : { serviceName: 'folio' }),
        // What the variables ask for, nothing else: no spans unless traces are wanted, the reader of Folio's
        // metrics (metrics-otlp.ts) only when metrics are, and never logs (Folio's are pino's).
        ...(traces ? {} : { spanProcessors: [] }),
        metricReaders: metrics ? [await otlpMetricReader(env)] : [],
        logRecordProcessors: [],
      });
      sdk.start();
      return new Tracing(sdk, traces, metrics);
    })();
    return started;
  }

  /** A new span (ended by the caller), or null when tracing is off. */
  start(name: string, opts: SpanOptions = {}): Span | null {
    if (!this.enabled) return null;
    this.#tracer ??= trace.getTracer('folio');
    const span = this.#tracer.startSpan(
      name,
      { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes, startTime: opts.startTime },
      parentContext(opts.parent),
    );
    // An exporter the SDK does not know (OTEL_TRACES_EXPORTER=jaeger) leaves the no-op tracer: its spans
    // have no valid context, and Folio behaves as with tracing off.
    if (!isSpanContextValid(span.spanContext())) return null;
    return span;
  }

  /** Runs fn in a span made active for it (spans fn starts are its children); the span ends with fn. */
  async inSpan<T>(name: string, opts: SpanOptions, fn: (span: Span | null) => Promise<T>): Promise<T> {
    const span = this.start(name, opts);
    if (!span) return fn(null);
    try {
      return await context.with(trace.setSpan(context.active(), span), () => fn(span));
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  }

  /**
   * Sends what is buffered and stops the SDK (the process is ending), for at most `limitMs`: a collector
   * that does not answer must not hold the process past its shutdown grace.
   */
  async shutdown(limitMs = 5000): Promise<void> {
    if (!this.sdk) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.sdk.shutdown().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, limitMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}

/** The context a span continues: its parent span's, a stored traceparent's, or the active one. */
function parentContext(parent: SpanOptions['parent']): Context {
  if (parent === undefined) return context.active();
  if (parent === null) return ROOT_CONTEXT;
  if (typeof parent !== 'string') return trace.setSpan(context.active(), parent);
  const p = parseTraceparent(parent);
  if (!p) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: p.traceId,
    spanId: p.spanId,
    traceFlags: p.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
}

/** The traceparent naming a span (what its children, in another process too, continue). */
export function traceparentOf(span: Span): string {
  const c = span.spanContext();
  return formatTraceparent({ traceId: c.traceId, spanId: c.spanId, sampled: (c.traceFlags & TraceFlags.SAMPLED) !== 0 });
}

/** Marks a span failed with an error (its message, and the exception event). */
export function failSpan(span: Span | null, err: unknown, message?: string): void {
  if (!span) return;
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: message ?? (err instanceof Error ? err.message : String(err)) });
}
