// `folio batch` as a user runs it, beyond the happy path of test/e2e/cli.test.ts: items that fail (exit 1,
// the others still written, each failure named with its code), --merge and --zip end to end (the merged
// PDF's pages are the items' pages, counted by poppler; a re-run keeps what is there), a product that
// fails (its code and message, exit 1). `bin/folio` processes against a real `folio serve` (SQLite, files,
// Chromium).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { progressLine } from '../../src/cli/client/batch.js';
import type { RenderBatch } from '../../src/sdk/index.js';
import { tempDir } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';
import { runFolio } from '../helpers/cli-run.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_clibatch000000000000000000000000000001';

// `pages` pages naming the invoice; `fail` ends the job at once (folio.fail: render_failed).
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: A5; margin: 12mm; } section + section { break-before: page; }</style>
<script>window.folio.waitForReady = true;</script></head>
<body><main id="m"></main><script>
fetch(window.folio.payloadUrl).then((r) => r.json()).then((p) => {
  if (p.fail) return window.folio.fail('no customer for invoice ' + p.n);
  document.getElementById('m').innerHTML = Array.from({ length: p.pages || 1 }, (_, i) =>
    '<section><h1>Invoice ' + p.n + ' page ' + (i + 1) + '</h1></section>').join('');
  window.folio.ready();
});
</script></body></html>`;

const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

describe('folio batch: failures, --merge and --zip', () => {
  let server: ServerProcess;
  const work = tempDir('folio-cli-batch-');
  const site = path.join(work, 'invoice');

  /** In this process (helpers/cli-run.ts) unless `process`: the first batch is a real `bin/folio` launch. */
  const folio = (args: string[], opts: { process?: boolean } = {}) =>
    runFolio(args, {
      cwd: work,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY },
      process: opts.process,
    });
  const jsonl = (name: string, lines: unknown[]) => {
    fs.writeFileSync(path.join(work, name), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    return name;
  };

  before(async () => {
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(path.join(site, 'index.html'), PAGE);
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    const deployed = await folio(['deploy', site, '--alias', 'production']);
    assert.equal(deployed.code, 0, deployed.stderr);
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('some items fail: the succeeded PDFs are written, each failed item is named with its error code, exit 1', async () => {
    const file = jsonl('mixed.jsonl', [
      // An item line may carry its own document options, as the API takes them.
      { businessKey: 'INV-1', payload: { n: 1 }, pdf: { metadata: { title: 'Invoice INV-1 of November' } } },
      { businessKey: 'INV-2', payload: { n: 2, fail: true } },
      { businessKey: 'INV-3', payload: { n: 3, pages: 2 } },
      { businessKey: 'INV-4', payload: { n: 4, fail: true } },
    ]);
    const dir = path.join(work, 'mixed-out');
    const r = await folio(['batch', 'invoice', file, '--out', dir], { process: true });
    assert.equal(r.code, 1, `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /^batch bat_\w+: 2\/4 succeeded, 2 failed$/m);
    assert.match(r.stdout, /^2 PDFs downloaded to /m);
    assert.match(r.stderr, /^item 1 \(INV-2\): failed: render_failed$/m);
    assert.match(r.stderr, /^item 3 \(INV-4\): failed: render_failed$/m);
    assert.doesNotMatch(r.stderr, /^item \d+ \(INV-[13]\)/m, 'only the failed items are listed');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['INV-1.pdf', 'INV-3.pdf']);
    assert.match(pdfText(fs.readFileSync(path.join(dir, 'INV-3.pdf'))), /Invoice 3 page 2/);
    assert.match(execFileSync('pdfinfo', [path.join(dir, 'INV-1.pdf')], { encoding: 'utf8' }), /^Title:\s+Invoice INV-1 of November$/m);

    // --json says the same, item by item, and still exits 1.
    const j = await folio(['batch', 'invoice', file, '--out', dir, '--json']);
    assert.equal(j.code, 1, j.stderr);
    const out = JSON.parse(j.stdout);
    assert.deepEqual(
      out.items.map((i: { businessKey: string; status: string; errorCode?: string }) => [i.businessKey, i.status, i.errorCode ?? null]),
      [
        ['INV-1', 'succeeded', null],
        ['INV-2', 'failed', 'render_failed'],
        ['INV-3', 'succeeded', null],
        ['INV-4', 'failed', 'render_failed'],
      ],
    );
    assert.equal(out.kept, 2, 'the re-run attached to the same batch and kept both PDFs');
  });

  test('--merge: the merged PDF has the items’ pages in line order; a re-run re-uses the batch and downloads nothing', async () => {
    const pages = [1, 3, 2];
    const file = jsonl(
      'merge.jsonl',
      pages.map((n, i) => ({ businessKey: `M-${i}`, payload: { n: i, pages: n } })),
    );
    const dir = path.join(work, 'merge-items');
    const merged = path.join(work, 'out', 'merged.pdf');
    const first = await folio(['batch', 'invoice', file, '--out', dir, '--merge', merged]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^batch bat_\w+: 3\/3 succeeded, 0 failed$/m);
    assert.match(first.stdout, /^3 PDFs downloaded to /m);
    assert.match(first.stdout, /^wrote merged PDF .*merged\.pdf \(6 pages, [\d.]+ KB\)$/m);
    // pdfinfo: the sum of the items' own pages, and the pages in line order.
    const itemPages = fs.readdirSync(dir).reduce((n, f) => n + pdfPages(path.join(dir, f)), 0);
    assert.equal(itemPages, 6);
    assert.equal(pdfPages(merged), itemPages);
    const text = pdfText(fs.readFileSync(merged)).split('\f');
    assert.match(text[0]!, /Invoice 0 page 1/);
    assert.match(text[3]!, /Invoice 1 page 3/);
    assert.match(text[5]!, /Invoice 2 page 2/);
    const batchId = /batch (bat_\w+)/.exec(first.stdout)![1];

    const mtimes = [merged, ...fs.readdirSync(dir).map((f) => path.join(dir, f))].map((f) => fs.statSync(f).mtimeMs);
    const again = await folio(['batch', 'invoice', file, '--out', dir, '--merge', merged, '--json']);
    assert.equal(again.code, 0, again.stderr);
    const j = JSON.parse(again.stdout);
    assert.equal(j.batch.id, batchId, 'the same command attaches to the same batch');
    assert.equal(j.downloaded, 0);
    assert.equal(j.kept, 3);
    assert.equal(j.product.kind, 'merge');
    assert.equal(j.product.state, 'ready');
    assert.equal(j.product.downloaded, false);
    assert.equal(j.product.pageCount, 6);
    assert.deepEqual(
      [merged, ...fs.readdirSync(dir).map((f) => path.join(dir, f))].map((f) => fs.statSync(f).mtimeMs),
      mtimes,
      'nothing downloaded again',
    );

    // A damaged local copy is not "already there": it is replaced.
    fs.writeFileSync(merged, 'not the PDF');
    const repaired = await folio(['batch', 'invoice', file, '--merge', merged]);
    assert.equal(repaired.code, 0, repaired.stderr);
    assert.match(repaired.stdout, /^wrote merged PDF /m);
    assert.equal(pdfPages(merged), 6);
  });

  test('--zip without --out: one zip of the succeeded items’ PDFs, no item downloads', async () => {
    const file = jsonl('zip.jsonl', [
      { businessKey: 'Z-1', payload: { n: 1 } },
      { businessKey: 'Z-2', payload: { n: 2, pages: 2 } },
    ]);
    const zip = path.join(work, 'invoices.zip');
    const r = await folio(['batch', 'invoice', file, '--zip', zip]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^wrote zip .*invoices\.zip \([\d.]+ KB\)$/m);
    assert.doesNotMatch(r.stdout, /downloaded to/, 'no --out, no item downloads');
    execFileSync('unzip', ['-tq', zip]);
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
    assert.equal(names.length, 2, names.join(' '));
    assert.ok(
      names.every((n) => n.endsWith('.pdf')),
      names.join(' '),
    );
  });

  test('a merge with nothing to combine: its error code and message, no file, exit 1', async () => {
    const file = jsonl('all-fail.jsonl', [
      { businessKey: 'F-1', payload: { n: 1, fail: true } },
      { businessKey: 'F-2', payload: { n: 2, fail: true } },
    ]);
    const merged = path.join(work, 'nothing.pdf');
    const r = await folio(['batch', 'invoice', file, '--merge', merged]);
    assert.equal(r.code, 1, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stderr, /^item 0 \(F-1\): failed: render_failed$/m);
    assert.match(r.stderr, /^merged PDF failed: batch_nothing_to_combine: .+$/m);
    assert.ok(!fs.existsSync(merged), 'no file written');
    const j = await folio(['batch', 'invoice', file, '--merge', merged, '--json']);
    assert.equal(j.code, 1);
    const out = JSON.parse(j.stdout);
    assert.equal(out.product.state, 'failed');
    assert.equal(out.product.error.code, 'batch_nothing_to_combine');
  });

  // The other argument mistakes and --help: test/unit/cli-arguments.test.ts.
  test('usage: --merge with --zip exits 2; combining shows in the progress line', async () => {
    const file = jsonl('one.jsonl', [{ n: 1 }]);
    const both = await folio(['batch', 'invoice', file, '--merge', 'a.pdf', '--zip', 'a.zip']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--merge and --zip exclude each other/);

    const batch = { id: 'bat_x', itemCount: 5, status: 'combining' } as RenderBatch;
    const counts = { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 4, failed: 1, canceled: 0 };
    assert.equal(progressLine(batch, counts), 'batch bat_x: 4/5 succeeded, 1 failed, combining…');
    assert.equal(
      progressLine({ ...batch, status: 'running' }, { ...counts, succeeded: 2, queued: 2 }),
      'batch bat_x: 2/5 succeeded, 1 failed, 2 to go',
    );
  });
});
