// An attempt that stored some of its files and then failed keeps none of them: no row will ever name them.
// Here a job's page images are stored and then storing its PDF fails, because a plain file sits where the
// job's folder of transient outputs must go (the filesystem store cannot make `outputs/<job>/<attempt>/`).
// Real Chromium, poppler, worker and filesystem store; SQLite + files only, as the failure is made on the
// filesystem. The job's error says an internal error stopped it, without the store's message (server paths).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { waitFor } from '../helpers/wait.js';

describe('files of a failed attempt', () => {
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

  const stored = (kind: string, jobId: string): string[] => {
    const dir = path.join(app.dataDir, 'blobs', kind, jobId);
    return fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes('.'))
      : [];
  };

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
    const blocker = path.join(app.dataDir, 'blobs', 'outputs', jobId);
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, 'not a folder');

    app.startBackground();
    const job = await waitFor('the attempt to end', async () => {
      const j = (await app.api('GET', `/v1/render-jobs/${jobId}`)).body.job;
      return j.status === 'queued' || j.status === 'rendering' ? undefined : j;
    });
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'render_failed');
    // The store's error names server paths: the job says only what happened; the operator's log has the rest.
    assert.doesNotMatch(job.errorMessage, /ENOTDIR|blobs|\//, job.errorMessage);
    assert.match(job.errorMessage, new RegExp(`internal error .* ${jobId}`));
    assert.deepEqual(stored('images', jobId), [], 'the images drawn by the failed attempt are gone');
    assert.deepEqual(stored('outputs', jobId), []);
    fs.rmSync(blocker);
  });
});
