// The SDK's side of batch products: renderBatch() with combine and itemWebhooks waits through `combining`
// until `completed`, and renderBatches.downloadProduct()/streamProduct() fetch the merged PDF or zip (checked
// against its sha256), or refuse with a FolioBatchProductError naming why. A real server on a port, its
// worker rendering in Chromium; poppler counts the pages.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, test } from 'node:test';
import { createClient, FolioBatchProductError, type FolioClient, type RenderBatch } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

// `pages` pages naming the invoice; `fail` ends the job at once with render_failed; `hold` keeps it rendering.
const page = file(
  'index.html',
  `<!doctype html><html><head><style>@page { size: A5; margin: 15mm; } section + section { break-before: page; }</style></head>
  <body><main id="m"></main>
  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
      if (p.fail) return window.folio.fail('no customer for invoice ' + p.n);
      if (p.hold) return; // never ready: rendering until canceled
      document.getElementById('m').innerHTML = Array.from({ length: p.pages || 1 }, (_, i) =>
        '<section><h1>Invoice ' + p.n + ' page ' + (i + 1) + '</h1></section>').join('');
      window.folio.ready();
    });
  </script></body></html>`,
);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdfPages = (pdf: Buffer) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' }))![1]);

describe('SDK render batch products', () => {
  let app: TestApp;
  let client: FolioClient;
  let deployId: string;
  const work = tempDir('folio-sdk-products-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    // Signed links point at the public URL, as `folio serve` sets it once the port is known.
    app.config.resolved.publicUrl = baseUrl;
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'products', name: 'Products' } }, [page], {
      route: '/',
      title: 'Invoice',
      renderTimeoutMs: 10_000,
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    client = createClient({ baseUrl, apiKey: app.key });
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const refused = (code: string, state: string | null) => (err: unknown) => {
    assert.ok(err instanceof FolioBatchProductError, String(err));
    assert.equal(err.code, code);
    assert.equal(err.state, state);
    assert.match(err.batchId, /^bat_/);
    return true;
  };

  test('merge: renderBatch waits through combining; the downloaded PDF has the sum of the items’ pages, in item order', async () => {
    const pages = [1, 3, 2, 1, 2];
    const statuses: string[] = [];
    const batch = await client.renderBatch(
      {
        deployId,
        deployVersionId: 'latest',
        combine: 'merge',
        itemWebhooks: true,
        items: pages.map((n, i) => ({ businessKey: `INV-${i}`, payload: { n: i, pages: n } })),
      },
      { pollMs: 50, onProgress: (_c, b) => statuses.push(b.status) },
    );
    assert.equal(batch.status, 'completed');
    assert.equal(batch.combine, 'merge');
    assert.equal(batch.itemWebhooks, true);
    assert.equal(batch.counts.succeeded, pages.length);
    assert.equal(batch.product?.state, 'ready', JSON.stringify(batch.product));
    // Reported on every change of counts or status, ending with completed, never going back.
    const rank = statuses.map((s) => ['running', 'combining', 'completed'].indexOf(s));
    assert.equal(statuses.at(-1), 'completed');
    assert.deepEqual(rank, [...rank].sort(), `statuses in order: ${statuses.join(',')}`);
    assert.equal(statuses.filter((s) => s === 'completed').length, 1, statuses.join(','));

    // Each item's own page count, as its job output says.
    let itemPages = 0;
    for await (const { job } of client.renderBatches.iterateItems(batch.id))
      itemPages += (await client.renderJobs.get(job.id)).output!.pageCount;
    assert.equal(itemPages, 9);

    const pdf = await client.renderBatches.downloadProduct(batch);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(sha(pdf), batch.product!.pdf!.sha256);
    assert.equal(pdfPages(pdf), itemPages, 'pdfinfo: the merged PDF has the sum of the items’ pages');
    assert.equal(batch.product!.pdf!.pageCount, itemPages);
    const text = pdfText(pdf).split('\f');
    assert.match(text[0]!, /Invoice 0 page 1/);
    assert.match(text[1]!, /Invoice 1 page 1/);
    assert.match(text[3]!, /Invoice 1 page 3/);
    assert.match(text[8]!, /Invoice 4 page 2/);

    // By id, as a stream to a file: the same bytes.
    const s = await client.renderBatches.streamProduct(batch.id);
    assert.equal(s.kind, 'merge');
    assert.equal(s.bytes, pdf.length);
    assert.equal(s.fileName, batch.product!.pdf!.fileName);
    const target = path.join(work, 'merged.pdf');
    await pipeline(s.stream, fs.createWriteStream(target));
    assert.ok(fs.readFileSync(target).equals(pdf));

    // Once the merged PDF is deleted, the batch held from before is refused as deleted, not as a 404.
    await client.pdfs.delete(batch.product!.pdf!.id);
    await assert.rejects(client.renderBatches.downloadProduct(batch), refused('batch_product_deleted', 'deleted'));
  });

  test('zip: the downloaded zip holds one PDF per succeeded item; a failed item is left out and counted', async () => {
    const batch = await client.renderBatch(
      {
        deployId,
        deployVersionId: 'latest',
        combine: 'zip',
        items: [0, 1, 2].map((n) => ({ businessKey: `Z-${n}`, payload: { n, fail: n === 1 } })),
      },
      { pollMs: 50 },
    );
    assert.equal(batch.status, 'completed');
    assert.equal(batch.counts.succeeded, 2);
    assert.equal(batch.counts.failed, 1);
    assert.equal(batch.product?.state, 'ready', JSON.stringify(batch.product));
    const zip = await client.renderBatches.downloadProduct(batch);
    assert.equal(sha(zip), batch.product!.zip!.sha256);
    const zipFile = path.join(work, 'batch.zip');
    fs.writeFileSync(zipFile, zip);
    execFileSync('unzip', ['-tq', zipFile]);
    const names = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
    assert.equal(names.length, 2, names.join(' '));
  });

  test('refusals: a failed product names its error; combine none has no product; a running batch is pending', async () => {
    const failed = await client.renderBatch(
      {
        deployId,
        deployVersionId: 'latest',
        combine: 'merge',
        items: [{ payload: { n: 0, fail: true } }, { payload: { n: 1, fail: true } }],
      },
      { pollMs: 50 },
    );
    assert.equal(failed.status, 'completed');
    assert.equal(failed.product?.state, 'failed');
    assert.equal(failed.product?.error?.code, 'batch_nothing_to_combine');
    await assert.rejects(client.renderBatches.downloadProduct(failed), (err: unknown) => {
      refused('batch_nothing_to_combine', 'failed')(err);
      assert.equal((err as Error).message, failed.product!.error!.message);
      return true;
    });
    await assert.rejects(client.renderBatches.streamProduct(failed.id), refused('batch_nothing_to_combine', 'failed'));

    const plain: RenderBatch = await client.renderBatch(
      { deployId, deployVersionId: 'latest', items: [{ payload: { n: 0 } }] },
      { pollMs: 50 },
    );
    assert.equal(plain.product, undefined);
    await assert.rejects(client.renderBatches.downloadProduct(plain), refused('batch_has_no_product', null));

    // An item that never gets ready keeps the batch running until it is canceled.
    const { batch: running } = await client.renderBatches.create({
      deployId,
      deployVersionId: 'latest',
      combine: 'merge',
      items: [{ payload: { n: 0, hold: true } }],
    });
    await assert.rejects(client.renderBatches.downloadProduct(running), refused('batch_product_pending', null));
    await assert.rejects(client.renderBatches.downloadProduct(running.id), refused('batch_product_pending', null));
    const canceled = await client.renderBatches.cancel(running.id);
    assert.equal(canceled.batch.counts.canceled, 1);
  });
});
