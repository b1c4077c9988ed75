// Folio's Prometheus metrics in OpenTelemetry's data model (observability/metrics-otlp.ts): counters as
// monotonic cumulative sums, gauges as gauges, a histogram as one histogram point per label set whose
// buckets count each on its own (Prometheus's `le` buckets are cumulative) and add up to its count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataPointType, type HistogramMetricData, type SumMetricData } from '@opentelemetry/sdk-metrics';
import { toMetricData } from '../../src/observability/metrics-otlp.js';

test('counters, gauges and histograms keep their names, labels and values', async () => {
  const registry = new Registry();
  const c = new Counter({ name: 'x_total', help: 'x', labelNames: ['outcome'], registers: [registry] });
  const g = new Gauge({ name: 'y', help: 'y', registers: [registry] });
  const h = new Histogram({ name: 'z_seconds', help: 'z', labelNames: ['route'], buckets: [0.1, 1, 10], registers: [registry] });
  c.inc({ outcome: 'ok' }, 3);
  g.set(7);
  for (const v of [0.05, 0.5, 0.7, 5, 50]) h.observe({ route: '/a' }, v);
  h.observe({ route: '/b' }, 0.2);
  const data = toMetricData(await registry.getMetricsAsJSON(), [1, 0]);
  const byName = new Map(data.map((d) => [d.descriptor.name, d]));
  const sum = byName.get('x_total') as SumMetricData;
  assert.equal(sum.dataPointType, DataPointType.SUM);
  assert.equal(sum.isMonotonic, true);
  assert.deepEqual(
    sum.dataPoints.map((p) => [p.attributes, p.value]),
    [[{ outcome: 'ok' }, 3]],
  );
  assert.equal(byName.get('y')!.dataPointType, DataPointType.GAUGE);
  const hist = byName.get('z_seconds') as HistogramMetricData;
  assert.equal(hist.dataPointType, DataPointType.HISTOGRAM);
  assert.equal(hist.dataPoints.length, 2, 'one point per route');
  const a = hist.dataPoints.find((p) => p.attributes.route === '/a')!.value;
  assert.deepEqual(a.buckets, { boundaries: [0.1, 1, 10], counts: [1, 2, 1, 1] });
  assert.equal(a.count, 5);
  assert.equal(a.sum, 56.25);
  assert.ok(!data.some((d) => d.descriptor.name.endsWith('_bucket')), 'no Prometheus series of a histogram on its own');
});
