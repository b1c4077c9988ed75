// Tracing across processes (docs/operations.md, "Tracing"): an api and a worker process on PostgreSQL + S3,
// both exporting spans over OTLP/HTTP (the SDK's own exporter, http/json) to a real local receiver that
// decodes what it is sent. One job created with a caller's traceparent makes one trace: the api's server
// span is the caller's child, the worker's attempt is the server span's child, the print and the webhook
// delivery are in it; the webhook request carries the trace on; the job's view, its diagnostics and the
// worker's log line about it name the trace.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { descriptors, entries, file, sha256 } from '../helpers/bundle.js';
import { createPgDatabase, startS3 } from '../helpers/engine.js';
import { client, type Client } from '../helpers/http-client.js';
import { FOLIO_BIN, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitUntil } from '../helpers/wait.js';

const KEY = 'folio_sk_trace000000000000000000000000000000000001';
const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface Exported {
  service: string;
  name: string;
  kind: 'sum' | 'gauge' | 'histogram';
  points: Array<{ attributes: Record<string, unknown>; value: number; buckets: number }>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const valueOf = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
const attributesOf = (list: Array<{ key: string; value: AnyValue }> = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP receiver of traces in the JSON encoding: every span it was sent, with its process's service.name. */
async function startCollector(): Promise<{
  url: string;
  spans: ExportedSpan[];
  metrics: Exported[];
  close(): Promise<void>;
}> {
  const spans: ExportedSpan[] = [];
  const metrics: Exported[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/metrics') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceMetrics: Array<{ resource: { attributes: [] }; scopeMetrics: Array<{ metrics: Array<Record<string, any>> }> }>;
        };
        for (const rm of body.resourceMetrics) {
          const service = String(attributesOf(rm.resource.attributes)['service.name']);
          for (const sm of rm.scopeMetrics)
            for (const m of sm.metrics) {
              const data = m.sum ?? m.gauge ?? m.histogram ?? { dataPoints: [] };
              metrics.push({
                service,
                name: m.name,
                kind: m.histogram ? 'histogram' : m.sum ? 'sum' : 'gauge',
                points: (data.dataPoints as Array<Record<string, any>>).map((p) => ({
                  attributes: attributesOf(p.attributes),
                  // A histogram's point: its count, and its buckets' counts adding up to it.
                  value: Number(p.asInt ?? p.asDouble ?? p.count ?? 0),
                  buckets: ((p.bucketCounts ?? []) as Array<string | number>).reduce<number>((a, c) => a + Number(c), 0),
                })),
              });
            }
        }
      }
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{ resource: { attributes: [] }; scopeSpans: Array<{ spans: Array<Record<string, any>> }> }>;
        };
        for (const rs of body.resourceSpans) {
          const service = String(attributesOf(rs.resource.attributes)['service.name']);
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans)
              spans.push({
                service,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId ?? '',
                name: s.name,
                kind: s.kind,
                attributes: attributesOf(s.attributes),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    metrics,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('tracing: one job, one trace across the api and worker processes', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let receiver: Receiver;
  let api: Client;
  let worker: ServerProcess;
  const procs: ServerProcess[] = [];
  let deployId = '';

  before(async () => {
    const dir = tempDir();
    db = await createPgDatabase();
    s3 = await startS3(path.join(dir, 's3'));
    collector = await startCollector();
    receiver = await startReceiver();
    const env = (name: string) => ({
      ...s3.env,
      FOLIO_DATABASE_URL: db.url,
      FOLIO_DATA_DIR: path.join(dir, name),
      FOLIO_SIGNING_KEY: 'trace-test-signing-key-0123456789abcdef0123',
      FOLIO_SECRETS_KEY: 'trace-test-secrets-key-0123456789abcdef0123',
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
      FOLIO_LOG_LEVEL: 'info',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: `folio-${name}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_METRIC_EXPORT_INTERVAL: '300',
    });
    await promisify(execFile)(FOLIO_BIN, ['migrate'], { env: { ...process.env, ...env('migrate') } });
    const [a, w] = await Promise.all([startServerProcess(env('api'), 'api'), startServerProcess(env('worker'), 'worker')]);
    procs.push(a, w);
    worker = w;
    api = client(a.url, KEY);
    const page = file('index.html', '<!doctype html><body><h1>Traced invoice</h1></body>');
    const s = await api.request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'traced', name: 'Traced' }, files: descriptors([page]) },
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
      body: page.content,
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: { entries: entries([page]), render: { route: '/', title: 'Traced' } },
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    deployId = c.body.deployVersion.deployId;
    const w2 = await api.request('PATCH', `/v1/deploys/${deployId}/settings`, { json: { webhook: { enabled: true, url: receiver.url } } });
    assert.equal(w2.status, 200, JSON.stringify(w2.body));
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await receiver?.close();
    await collector?.close();
    await s3?.close();
    await db?.drop();
  });

  test('the spans of both processes form one trace, continued by the webhook', async () => {
    const created = await api.request('POST', '/v1/render-jobs', {
      json: { deployId, deployVersionId: 'latest', payload: {}, pdf: { metadata: { title: 'Invoice 4711' } } },
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const id = created.body.job.id as string;
    assert.equal(created.body.job.traceId, CALLER_TRACE, "the job names the caller's trace");
    let job = created.body.job;
    while (job.status === 'queued' || job.status === 'rendering')
      job = (await api.request('GET', `/v1/render-jobs/${id}?waitSeconds=20`)).body.job;
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    await waitUntil('the webhook delivered', async () => receiver.received.length > 0, { timeoutMs: 30_000, intervalMs: 100 });
    const of = (name: string) => collector.spans.filter((s) => s.traceId === CALLER_TRACE && s.name === name);
    await waitUntil(
      () => `the spans exported (${collector.spans.map((s) => `${s.service}:${s.name}`).join(', ')})`,
      async () =>
        ['POST /v1/render-jobs', 'folio.job.attempt', 'folio.render', 'folio.render.print', 'folio.pdf.post_process', 'POST'].every(
          (n) => of(n).length > 0,
        ),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const [request] = of('POST /v1/render-jobs');
    const [attempt] = of('folio.job.attempt');
    const [render] = of('folio.render');
    const [print] = of('folio.render.print');
    const [delivery] = of('POST');
    assert.equal(request!.service, 'folio-api');
    assert.equal(request!.parentSpanId, CALLER_SPAN, "the request span is the caller's child");
    assert.equal(request!.attributes['http.response.status_code'], 202);
    assert.equal(request!.attributes['http.route'], '/v1/render-jobs');
    assert.equal(attempt!.service, 'folio-worker');
    assert.equal(attempt!.parentSpanId, request!.spanId, "the worker's attempt continues the creating request");
    assert.equal(attempt!.attributes['folio.job.id'], id);
    assert.equal(of('folio.job.queued')[0]?.parentSpanId, attempt!.spanId);
    assert.equal(render!.parentSpanId, attempt!.spanId);
    assert.equal(print!.parentSpanId, render!.spanId);
    assert.equal(render!.attributes['folio.render.pages'], 1);
    const [options] = of('folio.step.document-options');
    assert.equal(options!.parentSpanId, attempt!.spanId, 'the document options are a step of the attempt');
    assert.equal(of('folio.pdf.post_process')[0]!.parentSpanId, options!.spanId);
    assert.match(String(of('folio.pdf.post_process')[0]!.attributes['folio.pdf.options']), /(^|,)metadata(,|$)/);
    assert.equal(of('folio.blob.write')[0]!.parentSpanId, attempt!.spanId, 'the PDF stored after its document options');
    assert.equal(delivery!.kind, 3, 'the webhook delivery is a client span');
    assert.equal(delivery!.parentSpanId, request!.spanId);
    assert.equal(delivery!.attributes['http.response.status_code'], 200);
    const sent = receiver.received[0]!.headers.traceparent;
    assert.equal(sent, `00-${CALLER_TRACE}-${delivery!.spanId}-01`, 'the webhook request carries the trace on');
    const diagnostics = await api.request('GET', `/v1/render-jobs/${id}/diagnostics`);
    assert.equal(diagnostics.body.diagnostics.traceId, CALLER_TRACE);
    const logged = worker
      .output()
      .split('\n')
      .filter((l) => l.includes(id) && l.includes('render succeeded'));
    assert.ok(logged.length > 0, `the worker logged the job: ${worker.output().slice(-2000)}`);
    assert.equal(JSON.parse(logged[0]!).traceId, CALLER_TRACE, 'the log line names the trace');
    const webhookLine = worker
      .output()
      .split('\n')
      .find((l) => l.includes(id) && l.includes('webhook attempt'));
    assert.equal(webhookLine && JSON.parse(webhookLine).traceId, CALLER_TRACE, "the webhook attempt's log line names the trace");
  });

  test("the worker's Prometheus metrics go over OTLP too, with their names and labels", async () => {
    const succeeded = () =>
      collector.metrics
        .filter((m) => m.service === 'folio-worker' && m.name === 'folio_render_attempts_total')
        .flatMap((m) => m.points)
        .filter((p) => p.attributes.outcome === 'succeeded');
    await waitUntil('the render attempts counter exported', async () => succeeded().some((p) => p.value >= 1), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const worker = collector.metrics.filter((m) => m.service === 'folio-worker');
    const kinds = new Map(worker.map((m) => [m.name, m.kind]));
    assert.equal(kinds.get('folio_render_attempts_total'), 'sum');
    assert.equal(kinds.get('folio_renders_in_progress'), 'gauge');
    assert.equal(kinds.get('folio_render_duration_seconds'), 'histogram', 'a histogram goes as one');
    const durations = worker.filter((m) => m.name === 'folio_render_duration_seconds').flatMap((m) => m.points);
    assert.ok(
      durations.some((p) => p.value >= 1 && p.buckets === p.value),
      `the render durations counted, their buckets adding up: ${JSON.stringify(durations)}`,
    );
  });
});
