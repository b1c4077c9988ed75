// A render batch's products and its one webhook, with real Chromium, poppler and
// unzip: N invoices merged in item order into one managed PDF, and N zipped and named by business key (N is
// 50 per commit, 200 in `npm run test:load`: test/helpers/load.ts);
// one render_batch.completed webhook per batch and no item webhooks unless asked for; a batch with
// nothing to combine completes with its product failed, naming why. SQLite and (FOLIO_TEST_ENGINE=postgres)
// PostgreSQL + S3.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { encodeCursor } from '../../src/domain/cursor.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';
import { waitFor } from '../helpers/wait.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { loadSize } from '../helpers/load.js';

// Items per batch: several rounds of every render slot; every tenth a two-page invoice (index 3, 13, 23…);
// the zip entry of item PROBE is compared with that item's own PDF.
const N = loadSize(25, 200);
const TWO_PAGE = Math.floor((N - 4) / 10) + 1;
const PROBE = N - 7;

// An invoice of one page, or two when the payload asks (so the merged page count is a real sum);
// a payload with `fail` throws before ready (the item fails for good).
const page = file(
  'index.html',
  `<!doctype html><html><body><h1 id="t">Loading</h1><div id="more"></div>
  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then((p) => {
      if (p.fail) throw new Error('no customer for invoice ' + p.n);
      document.getElementById('t').textContent = 'Invoice ' + p.n;
      if (p.pages === 2) document.getElementById('more').innerHTML = '<p style="break-before: page">Page two of ' + p.n + '</p>';
      window.folio.ready();
    });
  </script></body></html>`,
);

describe('render batch products and webhook', () => {
  let app: TestApp;
  let receiver: Receiver;
  let deployId: string;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    app.startBackground();
    receiver = await startReceiver();
    const v = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, [page], {
      route: '/',
      title: 'Invoices',
      renderTimeoutMs: 5000,
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    const s = await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
  });
  after(async () => {
    await receiver.close();
    await app.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const key = (i: number) => `INV-${String(i).padStart(4, '0')}`;

  async function runBatch(body: Record<string, unknown>) {
    const created = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', ...body });
    assert.equal(created.status, 201, JSON.stringify(created.body).slice(0, 500));
    const id: string = created.body.batch.id;
    const t0 = Date.now();
    const batch = await waitFor(
      `batch ${id} to complete`,
      async () => {
        const r = await app.api('GET', `/v1/render-batches/${id}`);
        return r.body.batch.status === 'completed' ? r.body.batch : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 250 },
    );
    const events = await waitFor('the batch webhook', () =>
      receiver.received.some((r) => r.headers['service-webhook-event'] === 'render_batch.completed') ? receiver.received : undefined,
    );
    return { id, batch, ms: Date.now() - t0, events };
  }

  async function download(url: string): Promise<{ status: number; type: string; body: Buffer }> {
    const u = new URL(url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    return { status: r.statusCode, type: String(r.headers['content-type']), body: r.rawPayload };
  }

  test(`${N} invoices merged: one managed PDF in item order, pages = the sum, one batch webhook, no item webhooks`, async () => {
    const items = Array.from({ length: N }, (_, i) => ({ businessKey: key(i), payload: { n: i, pages: i % 10 === 3 ? 2 : 1 } }));
    const { id, batch, ms, events } = await runBatch({ combine: 'merge', businessKey: 'november', items });
    console.log(`# ${N} items rendered and merged in ${ms} ms`);
    assert.deepEqual(batch.counts, { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: N, failed: 0, canceled: 0 });
    assert.equal(batch.product.kind, 'merge');
    assert.equal(batch.product.state, 'ready', JSON.stringify(batch.product));
    assert.equal(batch.product.items, N);
    assert.equal(batch.product.pdf.pageCount, N + TWO_PAGE, `${N - TWO_PAGE} one-page and ${TWO_PAGE} two-page invoices`);
    const pdf = await download(batch.product.pdf.access.url);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.type, 'application/pdf');
    assert.equal(createHash('sha256').update(pdf.body).digest('hex'), batch.product.pdf.sha256);
    const info = execFileSync('pdfinfo', ['-'], { input: pdf.body, encoding: 'utf8' });
    assert.match(info, new RegExp(`^Pages:\\s+${N + TWO_PAGE}$`, 'm'));
    // Item order: invoice 0 on page 1, invoice 3 on pages 4-5, the last invoice on the last page.
    const pages = pdfText(pdf.body).split('\f');
    assert.match(pages[0], /Invoice 0\b/);
    assert.match(pages[3], /Invoice 3\b/);
    assert.match(pages[4], /Page two of 3\b/);
    assert.match(pages[5], /Invoice 4\b/);
    assert.match(pages[N + TWO_PAGE - 1]!, new RegExp(`Invoice ${N - 1}\\b`));
    // The managed PDF is the account's like any other: listed, with the batch's deploy and business key.
    const managed = await app.api('GET', `/v1/pdfs/${batch.product.pdf.id}`);
    assert.equal(managed.status, 200, JSON.stringify(managed.body));
    assert.equal(managed.body.pdf.businessKey, 'november');
    assert.equal(managed.body.pdf.deployId, deployId);
    // Exactly one event, the batch's, carrying the batch with its product; items sent none.
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(events.length, 1, events.map((e) => e.headers['service-webhook-event']).join(','));
    const [e] = events;
    assert.equal(e.headers['service-webhook-id'], `evt_render_batch_completed_${id}`);
    assert.equal(e.body.type, 'render_batch.completed');
    assert.equal(e.body.data.batch.id, id);
    assert.equal(e.body.data.batch.status, 'completed');
    assert.equal(e.body.data.batch.counts.succeeded, N);
    assert.equal(e.body.data.batch.product.pdf.id, batch.product.pdf.id);
    const again = await download(e.body.data.batch.product.pdf.access.url);
    assert.equal(again.status, 200, "the webhook's link downloads the merged PDF");
  });

  test(`${N} invoices zipped: ${N} PDFs named by business key, each the item output byte for byte`, async () => {
    const items = Array.from({ length: N }, (_, i) => ({ businessKey: key(i), payload: { n: i } }));
    const { id, batch, ms } = await runBatch({ combine: 'zip', items });
    console.log(`# ${N} items rendered and zipped in ${ms} ms`);
    assert.equal(batch.counts.succeeded, N);
    assert.equal(batch.product.state, 'ready', JSON.stringify(batch.product));
    assert.equal(batch.product.zip.files, N);
    assert.equal(batch.product.zip.fileName, `${id}.zip`);
    const zip = await download(batch.product.zip.access.url);
    assert.equal(zip.status, 200);
    assert.equal(zip.type, 'application/zip');
    assert.equal(zip.body.length, batch.product.zip.bytes);
    const dir = tempDir('folio-zip-');
    try {
      const zipFile = path.join(dir, 'batch.zip');
      fs.writeFileSync(zipFile, zip.body);
      execFileSync('unzip', ['-tq', zipFile]); // throws on a damaged archive
      const names = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
      assert.equal(names.length, N);
      assert.deepEqual(
        names,
        items.map((it) => `inv-${it.businessKey}.pdf`),
      );
      // Item PROBE's entry is its output, byte for byte.
      const list = await app.api('GET', `/v1/render-batches/${id}/items?limit=1&cursor=${encodeCursor({ index: PROBE - 1 })}`);
      const link = await app.api('POST', `/v1/render-jobs/${list.body.items[0].job.id}/output-download`, {});
      const item = await download(link.body.access.url);
      const entry = execFileSync('unzip', ['-p', zipFile, `inv-${key(PROBE)}.pdf`], { maxBuffer: 64 << 20 });
      assert.equal(list.body.items[0].index, PROBE);
      assert.ok(entry.equals(item.body), 'the zip entry equals the item PDF');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("each item carries its own e-invoice: every PDF embeds its item's XML byte for byte", async () => {
    const sample = fs.readFileSync(path.join(import.meta.dirname, '../../examples/invoice/factur-x-sample.xml'), 'utf8');
    const xmls = [0, 1].map((i) => sample.replace('</rsm:CrossIndustryInvoice>', `<!-- item ${i} --></rsm:CrossIndustryInvoice>`));
    const items = xmls.map((xml, i) => ({ payload: { n: i }, eInvoice: { standard: 'factur-x', xml } }));
    const { id, batch } = await runBatch({ items });
    assert.equal(batch.counts.succeeded, 2, JSON.stringify(batch.counts));
    const list = (await app.api('GET', `/v1/render-batches/${id}/items`)).body.items;
    const dir = tempDir('folio-einv-');
    try {
      for (const it of list) {
        assert.equal(it.job.document.eInvoice.profile, 'MINIMUM', 'the profile the XML names');
        const link = await app.api('POST', `/v1/render-jobs/${it.job.id}/output-download`, {});
        const pdf = await download(link.body.access.url);
        const f = path.join(dir, `${it.index}.pdf`);
        fs.writeFileSync(f, pdf.body);
        execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, `${it.index}.xml`), f]);
        assert.equal(fs.readFileSync(path.join(dir, `${it.index}.xml`), 'utf8'), xmls[it.index]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('payslips: each item protected with its own password, one with a page image, zipped; merge refuses them', async () => {
    const passwords = ['alice-7f3', 'bob-91c', 'carol-2d8'];
    const items = passwords.map((pw, i) => ({
      businessKey: key(i),
      payload: { n: i },
      protection: { userPassword: pw, ownerPassword: `owner-${pw}`, permissions: { modify: false } },
      ...(i === 2 ? { images: { format: 'png', pages: '1', width: 200 } } : {}),
    }));
    // An encrypted PDF cannot be joined, and an images-only item has no PDF: refused before anything exists.
    const merge = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', combine: 'merge', items });
    assert.equal(merge.status, 400, JSON.stringify(merge.body));
    assert.equal(merge.body.details.field, 'items[0].protection');
    const imagesOnly = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      combine: 'zip',
      items: [{ payload: { n: 9 } }, { payload: { n: 10 }, outputFormat: 'png' }],
    });
    assert.equal(imagesOnly.status, 400, JSON.stringify(imagesOnly.body));
    assert.equal(imagesOnly.body.details.field, 'items[1].outputFormat');
    const badPassword = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: { n: 1 } }, { payload: { n: 2 }, protection: { ownerPassword: 'x'.repeat(128) } }],
    });
    assert.equal(badPassword.status, 400, JSON.stringify(badPassword.body));
    assert.match(badPassword.body.details.field, /^items\[1\]\.protection\.ownerPassword$/);
    const batches = (await app.api('GET', '/v1/render-batches?limit=100')).body.items.length;

    const { id, batch } = await runBatch({ combine: 'zip', items });
    assert.equal(batch.counts.succeeded, 3, JSON.stringify(batch.counts));
    assert.equal(batch.product.zip.files, 3);
    assert.equal(
      (await app.api('GET', '/v1/render-batches?limit=100')).body.items.length,
      batches + 1,
      'the refused requests made no batch',
    );
    const list = (await app.api('GET', `/v1/render-batches/${id}/items`)).body.items;
    const dir = tempDir('folio-payslips-');
    try {
      for (const it of list) {
        assert.deepEqual(it.job.document.protection, { userPassword: true, permissions: it.job.document.protection.permissions });
        assert.equal(it.job.document.protection.permissions.modify, false);
        const link = await app.api('POST', `/v1/render-jobs/${it.job.id}/output-download`, {});
        const pdf = await download(link.body.access.url);
        const f = path.join(dir, `${it.index}.pdf`);
        fs.writeFileSync(f, pdf.body);
        // Its own password opens it; the next item's does not.
        const other = passwords[(it.index + 1) % 3];
        assert.throws(() => execFileSync('pdftotext', ['-upw', other, f, '-'], { stdio: 'pipe' }));
        assert.match(
          execFileSync('pdftotext', ['-upw', passwords[it.index], f, '-'], { encoding: 'utf8' }),
          new RegExp(`Invoice ${it.index}\\b`),
        );
        assert.ok(!pdf.body.includes(Buffer.from(passwords[it.index])), 'no password in the bytes');
      }
      const images = await app.api('GET', `/v1/render-jobs/${list[2].job.id}/images`);
      assert.equal(images.status, 200, JSON.stringify(images.body));
      assert.equal(images.body.images.length, 1);
      assert.equal(images.body.images[0].width, 200);
      assert.equal((await app.api('GET', `/v1/render-jobs/${list[0].job.id}/images`)).body.images?.length ?? 0, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('nothing to combine: the batch completes, its product failed with batch_nothing_to_combine, one webhook', async () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ payload: { n: i, fail: true } }));
    const { batch, events } = await runBatch({ combine: 'merge', items });
    assert.equal(batch.counts.failed, 3);
    assert.equal(batch.product.state, 'failed');
    assert.equal(batch.product.error.code, 'batch_nothing_to_combine');
    assert.equal(events.filter((e) => e.body.type === 'render_batch.completed').length, 1);
  });

  test('itemWebhooks: true sends each item its own event as well as the batch one', async () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ payload: { n: i } }));
    const { id, batch } = await runBatch({ itemWebhooks: true, items });
    assert.equal(batch.itemWebhooks, true);
    assert.equal(batch.product, undefined, 'combine none has no product');
    const all = await waitFor('three item events and the batch event', () =>
      receiver.received.length >= 4 ? receiver.received : undefined,
    );
    const types = all.map((e) => e.body.type).sort();
    assert.deepEqual(types, ['render.job.terminated', 'render.job.terminated', 'render.job.terminated', 'render_batch.completed']);
    assert.ok(all.filter((e) => e.body.type === 'render.job.terminated').every((e) => e.body.data.job.status === 'succeeded'));
    assert.equal(all.find((e) => e.body.type === 'render_batch.completed')!.body.data.batch.id, id);
  });
});
