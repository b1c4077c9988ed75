// Folio's Prometheus metrics sent over OTLP as well (docs/operations.md, "Metrics over OTLP"), when
// OTEL_METRICS_EXPORTER=otlp: a MetricProducer of the OpenTelemetry SDK (its documented way to bring metrics
// from another library) reads the prom-client registry at every export of a periodic reader, and gives
// the same names and labels in OpenTelemetry's own kinds: counters as cumulative monotonic sums, gauges as
// gauges, histograms as cumulative explicit-bucket histograms (so a Prometheus-style backend rebuilds
// `_bucket`, `_sum` and `_count`). The registry is read as it is, with no instrument of the SDK in between:
// no cardinality limit of its own, nothing held per series. One process exports one app's registry: the
// first to register (a process runs one app).
import { ValueType, type Attributes, type HrTime } from '@opentelemetry/api';
import { emptyResource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  DataPointType,
  PeriodicExportingMetricReader,
  type MetricData,
  type MetricProducer,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import type { Metrics } from './metrics.js';

type Snapshot = Awaited<ReturnType<Metrics['snapshot']>>;
type Value = Snapshot[number]['values'][number];

let source: Metrics | null = null;
const processStart: HrTime = toHrTime(Date.now() - performance.now());

function toHrTime(ms: number): HrTime {
  return [Math.floor(ms / 1000), Math.round((ms % 1000) * 1e6)];
}

/** Makes `m` the registry this process exports; a second app in the process is not exported. */
export function exportMetricsOverOtlp(m: Metrics): () => void {
  if (source !== null) return () => {};
  source = m;
  return () => {
    if (source === m) source = null;
  };
}

/** The periodic reader of OTEL_METRICS_EXPORTER=otlp, its exporter chosen by the OTLP protocol variables. */
export async function otlpMetricReader(env: NodeJS.ProcessEnv): Promise<PeriodicExportingMetricReader> {
  const protocol = (env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  const exporter: PushMetricExporter =
    protocol === 'http/json'
      ? new (await import('@opentelemetry/exporter-metrics-otlp-http')).OTLPMetricExporter()
      : protocol === 'grpc'
        ? new (await import('@opentelemetry/exporter-metrics-otlp-grpc')).OTLPMetricExporter()
        : new (await import('@opentelemetry/exporter-metrics-otlp-proto')).OTLPMetricExporter();
  const number = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  const exportIntervalMillis = number(env.OTEL_METRIC_EXPORT_INTERVAL, 60_000);
  return new PeriodicExportingMetricReader({
    exporter,
    exportIntervalMillis,
    exportTimeoutMillis: Math.min(exportIntervalMillis, number(env.OTEL_METRIC_EXPORT_TIMEOUT, 30_000)),
    metricProducers: [folioProducer],
  });
}

const folioProducer: MetricProducer = {
  async collect() {
    const metrics = source ? toMetricData(await source.snapshot(), toHrTime(Date.now())) : [];
    return {
      resourceMetrics: { resource: emptyResource(), scopeMetrics: [{ scope: { name: 'folio' }, metrics }] },
      errors: [],
    };
  },
};

/** prom-client's reading in OpenTelemetry's data model (pure: exported for its test). */
export function toMetricData(snapshot: Snapshot, now: HrTime): MetricData[] {
  const out: MetricData[] = [];
  for (const metric of snapshot) {
    const type = String(metric.type);
    const descriptor = { name: metric.name, description: metric.help, unit: '', valueType: ValueType.DOUBLE };
    const point = (attributes: Attributes, value: number) => ({ startTime: processStart, endTime: now, attributes, value });
    if (type === 'counter' || type === 'gauge') {
      const dataPoints = metric.values.filter((v) => Number.isFinite(v.value)).map((v) => point(v.labels as Attributes, v.value));
      out.push(
        type === 'counter'
          ? {
              descriptor,
              aggregationTemporality: AggregationTemporality.CUMULATIVE,
              dataPointType: DataPointType.SUM,
              isMonotonic: true,
              dataPoints,
            }
          : { descriptor, aggregationTemporality: AggregationTemporality.CUMULATIVE, dataPointType: DataPointType.GAUGE, dataPoints },
      );
    } else if (type === 'histogram') {
      out.push({
        descriptor,
        aggregationTemporality: AggregationTemporality.CUMULATIVE,
        dataPointType: DataPointType.HISTOGRAM,
        dataPoints: histogramPoints(metric.name, metric.values).map((h) => ({
          startTime: processStart,
          endTime: now,
          attributes: h.attributes,
          value: h.value,
        })),
      });
    }
  }
  return out;
}

/** A prom-client histogram's series (cumulative `le` buckets, `_sum`, `_count`) as one point per label set. */
function histogramPoints(name: string, values: Value[]) {
  const sets = new Map<string, { attributes: Attributes; le: Array<[number, number]>; sum: number; count: number }>();
  for (const v of values) {
    const { le, ...labels } = v.labels as Record<string, string | number>;
    const key = JSON.stringify(Object.entries(labels).sort());
    let s = sets.get(key);
    if (!s) sets.set(key, (s = { attributes: labels, le: [], sum: 0, count: 0 }));
    const series = (v as { metricName?: string }).metricName ?? name;
    if (series === `${name}_bucket`) s.le.push([le === '+Inf' ? Infinity : Number(le), v.value]);
    else if (series === `${name}_sum`) s.sum = v.value;
    else if (series === `${name}_count`) s.count = v.value;
  }
  return [...sets.values()].map((s) => {
    const le = s.le.sort((a, b) => a[0] - b[0]);
    const boundaries = le.filter(([b]) => Number.isFinite(b)).map(([b]) => b);
    // OpenTelemetry counts each bucket on its own; Prometheus's `le` buckets are cumulative.
    const counts = le.map(([, c], i) => c - (i > 0 ? le[i - 1]![1] : 0));
    if (counts.length === boundaries.length) counts.push(s.count - (le.at(-1)?.[1] ?? 0));
    return { attributes: s.attributes, value: { buckets: { boundaries, counts }, sum: s.sum, count: s.count } };
  });
}
