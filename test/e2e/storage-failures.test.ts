// When the blob store fails (made here on the filesystem: a plain file sits where a folder must go):
// - an attempt that stored some of its files and then failed keeps none of them (no row will ever name
//   them): a job's page images are stored, then storing its PDF fails;
// - the job, or the batch's combined product, says an internal error stopped it and names its id, without
//   the store's message (it names server paths); the server's log keeps the error for the operator.
// Real Chromium, poppler, worker, batch combiner and filesystem store; SQLite + files only, as the failures
// are made on the filesystem.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { waitFor } from '../helpers/wait.js';

describe('storage failures', () => {
  let app: TestApp;
  let deployId = '';

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'card', name: 'Card' } }, [
      file('index.html', '<!doctype html><h1 style="font: 48px sans-serif">Hello</h1>'),
    ]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  const blobPath = (...parts: string[]) => path.join(app.dataDir, 'blobs', ...parts);
  const stored = (kind: string, jobId: string): string[] => {
    const dir = blobPath(kind, jobId);
    return fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes('.'))
      : [];
  };
  /** A plain file where the store needs a folder: every write under it fails (ENOTDIR). */
  const block = (...parts: string[]) => {
    fs.mkdirSync(path.dirname(blobPath(...parts)), { recursive: true });
    fs.writeFileSync(blobPath(...parts), 'not a folder');
    return () => fs.rmSync(blobPath(...parts));
  };
  const noServerDetail = (message: string) => assert.doesNotMatch(message, /ENOTDIR|blobs|\//, message);

  test('page images stored before the PDF could not be stored are deleted; the job shows no server detail', async () => {
    const created = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: {},
      images: { format: 'png', pages: '1', width: 200 },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const jobId: string = created.body.job.id;
    // Before any worker runs: the job's outputs folder cannot be made.
    const unblock = block('outputs', jobId);
    app.startBackground();
    const job = await waitFor('the attempt to end', async () => {
      const j = (await app.api('GET', `/v1/render-jobs/${jobId}`)).body.job;
      return j.status === 'queued' || j.status === 'rendering' ? undefined : j;
    });
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'render_failed');
    noServerDetail(job.errorMessage);
    assert.match(job.errorMessage, new RegExp(`internal error .* ${jobId}`));
    assert.deepEqual(stored('images', jobId), [], 'the images drawn by the failed attempt are gone');
    assert.deepEqual(stored('outputs', jobId), []);
    unblock();
  });

  test('a merge that cannot be stored fails the product with batch_combine_failed and no server detail', async () => {
    // Merged PDFs go to pdfs/<id>.pdf; the items' transient PDFs to outputs/, which stays writable.
    const unblock = block('pdfs');
    const created = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      combine: 'merge',
      items: [{ payload: { n: 1 } }, { payload: { n: 2 } }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const batchId: string = created.body.batch.id;
    const batch = await waitFor(
      'the batch and its product to end',
      async () => {
        const b = (await app.api('GET', `/v1/render-batches/${batchId}`)).body.batch;
        return b.status === 'completed' && b.product?.state !== 'pending' && b.product?.state !== 'running' ? b : undefined;
      },
      { timeoutMs: 30_000 },
    );
    assert.equal(batch.counts.succeeded, 2, JSON.stringify(batch));
    assert.equal(batch.product.state, 'failed', JSON.stringify(batch.product));
    assert.equal(batch.product.error.code, 'batch_combine_failed');
    noServerDetail(batch.product.error.message);
    assert.match(batch.product.error.message, new RegExp(`internal error .* ${batchId}`));
    unblock();
  });
});
