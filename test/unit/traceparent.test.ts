// W3C traceparent parsing and when tracing (or metrics over OTLP) is on (observability/tracing.ts): with
// no OTEL_* variable naming an exporter or an endpoint, no SDK is started and no span is made.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trace, ProxyTracerProvider } from '@opentelemetry/api';
import { formatTraceparent, parseTraceparent, traceIdOf } from '../../src/domain/tracing/traceparent.js';
import { metricsWanted, Tracing, tracingWanted } from '../../src/observability/tracing.js';

test('a valid traceparent is parsed; anything else is ignored', () => {
  const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  assert.deepEqual(parseTraceparent(tp), { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true });
  assert.equal(formatTraceparent(parseTraceparent(tp)!), tp);
  assert.equal(parseTraceparent(tp.toUpperCase())?.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
  assert.equal(
    parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-extra')?.sampled,
    false,
    'a later version may add fields',
  );
  for (const bad of [
    undefined,
    '',
    'garbage',
    '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
    'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`,
    '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
  ])
    assert.equal(parseTraceparent(bad), null, String(bad));
  assert.equal(traceIdOf(null), null);
});

test('tracing is on only when a variable names a traces exporter or an OTLP endpoint', async () => {
  assert.equal(tracingWanted({}), false);
  assert.equal(tracingWanted({ OTEL_SERVICE_NAME: 'folio' }), false, 'a service name alone exports nothing');
  assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), true);
  assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }), true);
  assert.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' }), true);
  assert.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }), false);
  assert.equal(tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }), false);
  assert.equal(metricsWanted({}), false);
  assert.equal(metricsWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }), false, 'an endpoint sends spans, not metrics');
  assert.equal(metricsWanted({ OTEL_METRICS_EXPORTER: 'otlp' }), true);
  assert.equal(metricsWanted({ OTEL_METRICS_EXPORTER: 'none' }), false);
  const off = await Tracing.fromEnv({});
  assert.equal(off.exportsMetrics, false);
  assert.equal(off, Tracing.off);
  assert.equal(off.enabled, false);
  assert.equal(off.start('folio.job.attempt'), null, 'no span is made');
  assert.equal(await off.inSpan('x', {}, async (span) => span), null);
  const provider = trace.getTracerProvider() as ProxyTracerProvider;
  assert.equal(provider.getDelegate().constructor.name, 'NoopTracerProvider', 'no SDK registered a tracer provider');
});
