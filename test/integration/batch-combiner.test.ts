// The batch combiner's own rules, without a browser: the items' PDFs are made with pdf-lib and recorded
// through JobOutcomes.succeed, as a worker records a render. Checked here: a zip numbers repeated file
// names; a merge leaves out an item whose output was deleted; a product whose combiner died (its lease
// expired) is built by the next one, and the late build of the dead one is discarded, so the account never
// holds two products of one batch. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { outputKey } from '../../src/blobs/keys.js';
import { newId } from '../../src/domain/ids.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, font, size: 14 });
  return Buffer.from(await doc.save());
}

describe('batch combiner', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, [file('index.html', '<p>x</p>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  /** A batch whose items all succeed with a PDF showing `Item <businessKey>`, recorded as a worker would. */
  async function succeededBatch(combine: 'merge' | 'zip', keys: string[]) {
    const r = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      combine,
      items: keys.map((businessKey, i) => ({ businessKey, payload: { i } })),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const id: string = r.body.batch.id;
    const jobs = await app.services.ctx.db
      .selectFrom('render_jobs')
      .selectAll()
      .where('batch_id', '=', id)
      .orderBy('batch_index')
      .execute();
    for (const job of jobs) {
      const now = app.clock.now();
      await app.services.ctx.db
        .updateTable('render_jobs')
        .set({ status: 'rendering', lease_owner: 'w1', lease_expires_at: now + 60_000, started_at: now })
        .where('id', '=', job.id)
        .execute();
      const pdf = await onePagePdf(`Item ${job.business_key}`);
      const outputId = newId('out', now);
      const storageKey = outputKey({ jobId: job.id, attempt: job.attempt }, outputId);
      await app.services.ctx.blobs.put(storageKey, pdf);
      const outcome = await app.services.jobOutcomes.succeed(
        { ...job, status: 'rendering', lease_owner: 'w1' },
        'w1',
        { outputId, pdfId: null, storageKey, fileName: `inv-${job.business_key}.pdf`, storageLimitBytes: null },
        { bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'), pageCount: 1, renderTimeMs: 5 },
      );
      assert.equal(outcome, 'succeeded');
    }
    return { id, jobs };
  }

  const batchOf = async (id: string) => (await app.api('GET', `/v1/render-batches/${id}`)).body.batch;
  const download = async (url: string) => {
    const u = new URL(url);
    return (await app.server.inject({ method: 'GET', url: u.pathname + u.search })).rawPayload;
  };

  test('a zip numbers repeated file names instead of overwriting', async () => {
    const { id } = await succeededBatch('zip', ['A', 'A', 'B', 'A']);
    assert.equal((await batchOf(id)).status, 'combining');
    const claimed = await app.services.batchProducts.claim('c1');
    assert.equal(claimed?.id, id);
    await app.services.batchProducts.build(claimed!, 'c1');
    const b = await batchOf(id);
    assert.equal(b.status, 'completed');
    assert.equal(b.product.zip.files, 4);
    const dir = tempDir('folio-zipnames-');
    try {
      const f = path.join(dir, 'b.zip');
      fs.writeFileSync(f, await download(b.product.zip.access.url));
      const names = execFileSync('unzip', ['-Z1', f], { encoding: 'utf8' }).trim().split('\n');
      assert.deepEqual(names, ['inv-A.pdf', 'inv-A-2.pdf', 'inv-B.pdf', 'inv-A-3.pdf']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a merge leaves out an item whose output was deleted before it was combined', async () => {
    const { id, jobs } = await succeededBatch('merge', ['K1', 'K2', 'K3']);
    const del = await app.api('DELETE', `/v1/render-jobs/${jobs[1].id}/output`);
    assert.equal(del.status, 204, JSON.stringify(del.body));
    const claimed = await app.services.batchProducts.claim('c1');
    await app.services.batchProducts.build(claimed!, 'c1');
    const b = await batchOf(id);
    assert.equal(b.product.state, 'ready', JSON.stringify(b.product));
    assert.equal(b.product.items, 2);
    assert.equal(b.product.pdf.pageCount, 2);
    const text = pdfText(await download(b.product.pdf.access.url));
    assert.match(text, /Item K1[\s\S]*Item K3/);
    assert.doesNotMatch(text, /Item K2/);
  });

  test("a dead combiner's product is built by the next one after its lease; the late build is discarded", async () => {
    const { id } = await succeededBatch('merge', ['L1', 'L2']);
    const dead = await app.services.batchProducts.claim('dead');
    assert.equal(dead?.id, id);
    assert.equal(await app.services.batchProducts.claim('c2'), null, 'leased: nobody else takes it');
    app.clock.advance(11 * 60_000);
    const next = await app.services.batchProducts.claim('c2');
    assert.equal(next?.id, id, 'the expired lease lets the next combiner take it');
    await app.services.batchProducts.build(next!, 'c2');
    const built = await batchOf(id);
    assert.equal(built.product.state, 'ready');
    // The dead combiner wakes up and finishes its build: nothing of it is kept.
    await app.services.batchProducts.build(dead!, 'dead');
    const after = await batchOf(id);
    assert.equal(after.product.pdf.id, built.product.pdf.id);
    const pdfs = await app.services.ctx.db
      .selectFrom('managed_pdfs')
      .select(['id', 'state'])
      .where('business_key', '=', id)
      .where('state', '=', 'available')
      .execute();
    assert.deepEqual(
      pdfs.map((p) => p.id),
      [built.product.pdf.id],
      'one merged PDF of the batch is available',
    );
  });
});
