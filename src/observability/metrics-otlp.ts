// Folio's Prometheus metrics sent over OTLP as well (docs/operations.md, "Metrics over OTLP"), when
// OTEL_METRICS_EXPORTER asks for it: the same meters, read from the prom-client registry at each export of
// the OpenTelemetry SDK's periodic reader (OTEL_METRIC_EXPORT_INTERVAL). Counters become cumulative
// counters and gauges gauges, with the same names and labels. A histogram has no observable form in
// OpenTelemetry: it goes as its Prometheus series, `<name>_count` and `<name>_sum` counters and a
// `<name>_bucket` counter with the `le` label, so a backend computes the same quantiles from it.
import { metrics as otel, type Attributes, type BatchObservableResult, type Observable } from '@opentelemetry/api';
import type { Metrics } from './metrics.js';

type Snapshot = Awaited<ReturnType<Metrics['snapshot']>>;

/** Starts reading `m` into the SDK's meter provider; answers how to stop. */
export async function exportMetricsOverOtlp(m: Metrics): Promise<() => void> {
  const meter = otel.getMeter('folio');
  const instruments = new Map<string, Observable>();
  const instrument = (name: string, kind: 'counter' | 'gauge', help: string): Observable => {
    let i = instruments.get(name);
    if (!i) {
      i =
        kind === 'counter'
          ? meter.createObservableCounter(name, { description: help })
          : meter.createObservableGauge(name, { description: help });
      instruments.set(name, i);
    }
    return i;
  };
  // The instruments are every metric of a first reading (the process metrics included: the reading starts
  // them), a histogram's three series each; a summary (none of Folio's) is left out.
  const first = await m.snapshot();
  const plan = (snapshot: Snapshot) =>
    snapshot.flatMap((metric) =>
      metric.values.map((v) => {
        const series = (v as { metricName?: string }).metricName ?? metric.name;
        const type = String(metric.type);
        const counter = type === 'counter' || (type === 'histogram' && series !== metric.name);
        return {
          series,
          kind: counter ? ('counter' as const) : ('gauge' as const),
          help: metric.help,
          value: v.value,
          labels: v.labels as Attributes,
        };
      }),
    );
  for (const metric of first) {
    const type = String(metric.type);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) instrument(metric.name + suffix, 'counter', metric.help);
    else if (type === 'counter' || type === 'gauge') instrument(metric.name, type, metric.help);
  }
  const callback = async (result: BatchObservableResult) => {
    for (const p of plan(await m.snapshot())) {
      const i = instruments.get(p.series);
      if (i && Number.isFinite(p.value)) result.observe(i, p.value, p.labels);
    }
  };
  meter.addBatchObservableCallback(callback, [...instruments.values()]);
  return () => meter.removeBatchObservableCallback(callback, [...instruments.values()]);
}
