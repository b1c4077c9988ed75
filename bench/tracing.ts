// Tracing on against tracing off, as a user's integration sees Folio: two separate `folio serve` processes
// (render concurrency 2), one exporting every job's spans over OTLP/HTTP (http/protobuf, the SDK's default,
// every trace sampled) to a local collector that reads and discards them, the other with no OTEL_* variable.
// The client creates a job, long-polls it, asks for the signed link and downloads the PDF; interleaved
// passes, the best r/s of each, CPU per render of each server's tree (Node + Chromium).
// Target: traced ≥ 0.97 × untraced for ordinary templates.
// Run: npm run build && node --import tsx bench/tracing.ts   (ROUNDS=N per measurement, default 60; PASSES=N,
// default 3; KINDS=ordinary,warm)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareVariants, loadAverage, startVariant } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PASSES = Number(process.env.PASSES ?? 3);
const KINDS = (process.env.KINDS ?? 'ordinary,warm').split(',') as Array<'ordinary' | 'warm'>;

let exports = 0;
let exportedBytes = 0;
const collector = http.createServer((req, res) => {
  req.on('data', (c: Buffer) => (exportedBytes += c.length));
  req.on('end', () => {
    exports++;
    res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const traced = await startVariant('traced', {
  renderConcurrency: 2,
  env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_SAMPLER: 'always_on', OTEL_SERVICE_NAME: 'folio-bench' },
});
const untraced = await startVariant('untraced', { renderConcurrency: 2 });
try {
  console.log(`# bench/tracing — ${PASSES} passes of ${ROUNDS} renders, load average ${loadAverage()}`);
  await compareVariants([traced, untraced], { rounds: ROUNDS, passes: PASSES, concurrencies: [1, 2], kinds: KINDS });
  console.log(
    `\nthe collector received ${exports} exports, ${(exportedBytes / 1024).toFixed(0)} KiB; load average at the end ${loadAverage()}`,
  );
} finally {
  await Promise.all([traced.server.stop(), untraced.server.stop()]);
  collector.close();
}
