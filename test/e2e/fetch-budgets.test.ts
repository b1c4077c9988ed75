// The byte budgets of what Folio fetches for a page, end to end: real database, real Chromium, and a real
// HTTP server on loopback (allow-listed with FOLIO_URL_SOURCE_ALLOWED_HOSTS) serving a page of several large
// images. The budgets are set small (512 KiB a resource, 1 MiB a job) so that the images stay small: the
// images past the job's budget fail in the page, the job succeeds with a request_blocked warning naming the
// budget, and fails with render_failed_on_warning when its failOn lists request_blocked. A URL source's page
// over the limit of one resource fails its job at once, refused (url_source_blocked).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

const KiB = 1024;
const IMAGES = 6;
const IMAGE_BYTES = 300 * KiB;

describe('budgets of fetched resources', () => {
  let app: TestApp;
  let server: http.Server;
  let port = 0;
  /** Image requests the server answered whole. */
  let imagesSent = 0;

  before(async () => {
    server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/photos') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const images = Array.from({ length: IMAGES }, (_, i) => `<img src="/photo-${i}.jpg" width="40" height="40">`).join('');
        res.end(`<!doctype html><html><body><h1>Photo album</h1>${images}</body></html>`);
      } else if (path.startsWith('/photo-')) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.end(Buffer.alloc(IMAGE_BYTES, 0xab), () => imagesSent++);
      } else if (path === '/huge-page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><body><p>${'x'.repeat(600 * KiB)}</p></body></html>`);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    app = await createTestApp({
      env: {
        FOLIO_URL_SOURCE_ALLOWED_HOSTS: `127.0.0.1:${port}`,
        FOLIO_MAX_FETCHED_RESOURCE_BYTES: String(512 * KiB),
        FOLIO_MAX_FETCHED_BYTES_PER_JOB: String(1024 * KiB),
      },
    });
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
    app.startBackground();
  });
  after(async () => {
    await app.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const renderUrl = async (path: string, extra: Record<string, unknown> = {}) => {
    const created = await app.api('POST', '/v1/render-jobs', { source: { url: `http://127.0.0.1:${port}${path}` }, ...extra });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    return done.body.job;
  };

  test("images past the job's budget fail in the page; the job succeeds with a warning naming the budget", async () => {
    const job = await renderUrl('/photos');
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const blocked = job.warnings.find((w: { code: string }) => w.code === 'request_blocked');
    assert.ok(blocked, JSON.stringify(job.warnings));
    assert.match(blocked.message, /photo-\d\.jpg: over the 1 MiB budget of fetched resources for one job/);
    // 6 × 300 KiB is 1.8 MiB: at most three fit in 1 MiB, so at least three were refused.
    assert.ok(blocked.count >= IMAGES - 3, `${blocked.count} refused`);
    const diagnostics = await app.api('GET', `/v1/render-jobs/${job.id}/diagnostics`);
    assert.equal(diagnostics.status, 200);
    assert.match(JSON.stringify(diagnostics.body), /over the 1 MiB budget of fetched resources for one job/);
  });

  test('with failOn request_blocked the job fails, naming the budget', async () => {
    const job = await renderUrl('/photos', { failOn: ['request_blocked'] });
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'render_failed_on_warning');
    assert.match(job.errorMessage, /request_blocked.*over the 1 MiB budget of fetched resources for one job/);
  });

  test('a URL source whose page is over the limit of one resource fails at once with url_source_blocked', async () => {
    const before = imagesSent;
    const job = await renderUrl('/huge-page');
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'url_source_blocked');
    assert.match(job.errorMessage, /huge-page: over the 512 KiB limit of one fetched resource/);
    assert.equal(imagesSent, before);
  });
});
