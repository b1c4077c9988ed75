// Render batches without rendering: creation of 1,000 items in one request, counts per
// state, items in order with cursor paging, refusals that create nothing (a bad item, 1,001 items, combine
// not supported, the whole-batch quota), idempotent replay, another account's batch, and DELETE cancelling
// the unfinished items. No worker runs here, so items stay queued unless a test moves them.
// Runs on SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe('render batches', () => {
  let app: TestApp;
  let deployId: string;
  let versionId: string;

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(
      plansFile,
      JSON.stringify({ small: { name: 'Small', monthlyPriceCents: 0, policy: { maxRenderJobsPerBillPeriod: 3 } } }),
    );
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile } });
    const v = await deployFiles(app, { createDeploy: { slug: 'batch', name: 'Batch' } }, [file('index.html', '<p>batch</p>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    versionId = v.version.id;
  });
  after(() => app?.close());

  const jobCount = async (accountId = app.accountId) =>
    Number(
      (
        await app.services.ctx.db
          .selectFrom('render_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const batchCount = async () =>
    Number(
      (
        await app.services.ctx.db
          .selectFrom('render_batches')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const usedJobs = async (key?: string) => {
    const u = await app.api('GET', '/v1/usage', undefined, key ? { authorization: `Bearer ${key}` } : {});
    return u.body.usageMeters.find((m: { code: string }) => m.code === 'render_jobs').totalQuantity as number;
  };
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ businessKey: `INV-${i}`, payload: { n: i } }));

  test('1,000 items in one request: 201, every item a queued render job, counted once in the meter', async () => {
    const before = await usedJobs();
    // How long this takes is bench/render-batch.ts's to measure (its creation target); here, what it makes.
    const r = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', businessKey: 'nov', items: items(1000) });
    assert.equal(r.status, 201, JSON.stringify(r.body).slice(0, 500));
    const b = r.body.batch;
    assert.match(b.id, /^bat_/);
    assert.equal(b.deployId, deployId);
    assert.equal(b.deployVersionId, versionId, 'latest is bound to the concrete version');
    assert.equal(b.itemCount, 1000);
    assert.equal(b.status, 'running');
    assert.equal(b.businessKey, 'nov');
    assert.equal(b.combine, 'none');
    assert.deepEqual(b.counts, { queued: 1000, rendering: 0, retry_scheduled: 0, succeeded: 0, failed: 0, canceled: 0 });
    assert.equal(await usedJobs(), before + 1000);

    const got = await app.api('GET', `/v1/render-batches/${b.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.batch.counts, b.counts);

    // Items in request order, paged by cursor, each an ordinary job with its payload and business key.
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: any } = await app.api(
        'GET',
        `/v1/render-batches/${b.id}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      for (const it of page.body.items) {
        seen.push(it.index);
        assert.equal(it.job.businessKey, `INV-${it.index}`);
        assert.equal(it.job.status, 'queued');
        assert.equal(it.job.deployVersionId, versionId);
        assert.equal(it.job.batchId, b.id);
        assert.equal(it.job.batchIndex, it.index);
      }
      cursor = page.body.nextCursor ?? null;
      pages++;
    } while (cursor);
    assert.equal(pages, 10);
    assert.deepEqual(
      seen,
      Array.from({ length: 1000 }, (_, i) => i),
    );
    // An item is a render job like any other.
    const first = await app.api('GET', `/v1/render-batches/${b.id}/items?limit=1`);
    const job = await app.api('GET', `/v1/render-jobs/${first.body.items[0].job.id}`);
    assert.equal(job.status, 200);
    assert.equal(job.body.job.businessKey, 'INV-0');
    assert.equal(job.body.job.batchId, b.id, 'a job says which batch it belongs to');
    const payload = await app.services.ctx.db
      .selectFrom('render_payloads')
      .select('body_base64')
      .where('job_id', '=', first.body.items[0].job.id)
      .executeTakeFirstOrThrow();
    assert.equal(Buffer.from(payload.body_base64, 'base64').toString(), '{"n":0}');
  });

  test('counts follow the items; status filter; completed once every item is terminal; DELETE cancels the rest', async () => {
    const r = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: versionId, items: items(5) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const id = r.body.batch.id;
    const list = await app.api('GET', `/v1/render-batches/${id}/items`);
    const jobIds: string[] = list.body.items.map((i: { job: { id: string } }) => i.job.id);
    const now = app.clock.now();
    // Two succeed and one renders (as a worker would leave them); two stay queued.
    await app.services.ctx.db
      .updateTable('render_jobs')
      .set({ status: 'succeeded', started_at: now, finished_at: now })
      .where('id', 'in', jobIds.slice(0, 2))
      .execute();
    await app.services.ctx.db
      .updateTable('render_jobs')
      .set({ status: 'rendering', started_at: now, lease_owner: 'w1', lease_expires_at: now + 60_000 })
      .where('id', '=', jobIds[2])
      .execute();
    const got = await app.api('GET', `/v1/render-batches/${id}`);
    assert.deepEqual(got.body.batch.counts, { queued: 2, rendering: 1, retry_scheduled: 0, succeeded: 2, failed: 0, canceled: 0 });
    assert.equal(got.body.batch.status, 'running');
    const queued = await app.api('GET', `/v1/render-batches/${id}/items?status=queued`);
    assert.deepEqual(
      queued.body.items.map((i: { index: number }) => i.index),
      [3, 4],
    );

    const del = await app.api('DELETE', `/v1/render-batches/${id}`);
    assert.equal(del.status, 200, JSON.stringify(del.body));
    assert.deepEqual(del.body.batch.counts, { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 2, failed: 0, canceled: 3 });
    assert.equal(del.body.batch.status, 'completed');
    assert.equal(typeof del.body.batch.finishedAt, 'number');
    const payloads = await app.services.ctx.db
      .selectFrom('render_payloads')
      .select('job_id')
      .where('job_id', 'in', jobIds.slice(2))
      .execute();
    assert.equal(payloads.length, 0, 'canceled items keep no payload');
    const rendering = await app.api('GET', `/v1/render-jobs/${jobIds[2]}`);
    assert.equal(rendering.body.job.status, 'canceled', 'a rendering item is canceled (its worker aborts)');
    // Again: nothing left to cancel, same answer.
    const again = await app.api('DELETE', `/v1/render-batches/${id}`);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.batch.counts, del.body.batch.counts);
  });

  test('refusals create nothing: a bad item names it, 1,001 items name items, an unknown combine names it', async () => {
    const jobs = await jobCount();
    const batches = await batchCount();
    const used = await usedJobs();
    const bad = items(30);
    (bad[17] as Record<string, unknown>).payloadMime = 'text/plain';
    const r1 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: bad });
    assert.equal(r1.status, 400, JSON.stringify(r1.body));
    assert.equal(r1.body.error, 'invalid_request');
    assert.equal(r1.body.details.field, 'items[17].payload');
    const both = items(3);
    (both[2] as Record<string, unknown>).payloadBase64 = 'aGk=';
    const r2 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: both });
    assert.equal(r2.status, 400);
    assert.equal(r2.body.details.field, 'items[2].payloadBase64');
    const r3 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: items(1001) });
    assert.equal(r3.status, 400, JSON.stringify(r3.body).slice(0, 300));
    assert.equal(r3.body.details.field, 'items');
    const r4 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: [] });
    assert.equal(r4.status, 400);
    assert.equal(r4.body.details.field, 'items');
    const rc = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', combine: 'tar', items: items(2) });
    assert.equal(rc.status, 400, JSON.stringify(rc.body));
    assert.equal(rc.body.details.field, 'combine');
    // An item's document options are checked as a single job's, the error naming the item's field.
    const withDocs = items(3) as Record<string, unknown>[];
    withDocs[1].attachments = [{ name: 'a.csv', mimeType: 'text/csv', relationship: 'Data', content: 'not base64!' }];
    const rd = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: withDocs });
    assert.equal(rd.status, 400, JSON.stringify(rd.body));
    assert.equal(rd.body.details.field, 'items[1].attachments[0].content');
    assert.match(rd.body.message, /^items\[1\]: /);
    withDocs[1].attachments = [{ name: 'a.csv', mimeType: 'text/csv', relationship: 'Data', bundlePath: '/missing.csv' }];
    const rm = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: withDocs });
    assert.equal(rm.status, 400, JSON.stringify(rm.body));
    assert.equal(rm.body.details.field, 'items[1].attachments[0].bundlePath');
    withDocs[1].attachments = undefined;
    withDocs[2].eInvoice = { standard: 'factur-x', profile: 'EN 16931', xml: '<not-an-invoice/>' };
    const rx = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: withDocs });
    assert.equal(rx.status, 400, JSON.stringify(rx.body));
    assert.equal(rx.body.details.field, 'items[2].eInvoice.xml');
    const r5 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'no-such-alias', items: items(2) });
    assert.equal(r5.status, 404);
    assert.equal(r5.body.error, 'deploy_version_not_found');
    const r6 = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: [{ payload: 1, extra: true }] });
    assert.equal(r6.status, 400);
    assert.equal(r6.body.details.field, 'items[0].extra');
    // Not yet like a single job: a payload holding U+0000 is refused (the body-wide NUL check exempts only a
    // single job's top-level payload); docs/api.md says so.
    const r7 = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: { a: 'x\u0000y' } }],
    });
    assert.equal(r7.status, 400);
    assert.equal(r7.body.error, 'invalid_request');
    assert.equal(await jobCount(), jobs);
    assert.equal(await batchCount(), batches);
    assert.equal(await usedJobs(), used);
  });

  test('quota for the whole batch: 429 saying how many fit, nothing created; a batch that fits passes', async () => {
    const acct = await app.services.accounts.create({ name: 'Small Co', plan: 'small' });
    const as = { authorization: `Bearer ${acct.apiKey}` };
    const v = await deployFiles(app, { createDeploy: { slug: 'small', name: 'Small' } }, [file('index.html', '<p>s</p>')], undefined, as);
    assert.equal(v.status, 201);
    const one = await app.api('POST', '/v1/render-batches', { deployId: v.deployId, deployVersionId: 'latest', items: items(1) }, as);
    assert.equal(one.status, 201, JSON.stringify(one.body));
    const r = await app.api('POST', '/v1/render-batches', { deployId: v.deployId, deployVersionId: 'latest', items: items(3) }, as);
    assert.equal(r.status, 429, JSON.stringify(r.body));
    assert.equal(r.body.error, 'render_job_quota_exceeded');
    assert.match(r.body.message, /only 2 fit/);
    assert.equal(r.body.details.fit, 2);
    assert.ok(Number(r.headers['retry-after']) > 0);
    assert.equal(await jobCount(acct.accountId), 1, 'nothing of the refused batch was created');
    assert.equal(await usedJobs(acct.apiKey), 1);
    const fits = await app.api('POST', '/v1/render-batches', { deployId: v.deployId, deployVersionId: 'latest', items: items(2) }, as);
    assert.equal(fits.status, 201);
    assert.equal(await usedJobs(acct.apiKey), 3);
  });

  test('two concurrent batches that together pass the quota: exactly one is created whole, the other creates nothing', async () => {
    const acct = await app.services.accounts.create({ name: 'Race Co', plan: 'small' });
    const as = { authorization: `Bearer ${acct.apiKey}` };
    const v = await deployFiles(app, { createDeploy: { slug: 'race', name: 'Race' } }, [file('index.html', '<p>r</p>')], undefined, as);
    assert.equal(v.status, 201);
    const results = await Promise.all(
      [0, 1].map(() => app.api('POST', '/v1/render-batches', { deployId: v.deployId, deployVersionId: 'latest', items: items(2) }, as)),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 429], JSON.stringify(results.map((r) => r.body)));
    const refused = results.find((r) => r.status === 429)!;
    assert.equal(refused.body.details.fit, 1);
    assert.equal(await jobCount(acct.accountId), 2);
    assert.equal(await usedJobs(acct.apiKey), 2);
  });

  test('Idempotency-Key: a replay answers the same batch and creates nothing', async () => {
    const body = { deployId, deployVersionId: 'latest', items: items(4) };
    const h = { 'idempotency-key': 'batch-nov-1' };
    const first = await app.api('POST', '/v1/render-batches', body, h);
    assert.equal(first.status, 201);
    const jobs = await jobCount();
    const replay = await app.api('POST', '/v1/render-batches', body, h);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body.batch.id, first.body.batch.id);
    assert.equal(await jobCount(), jobs);
    const other = await app.api('POST', '/v1/render-batches', { ...body, items: items(5) }, h);
    assert.equal(other.status, 409);
    assert.equal(other.body.error, 'idempotency_key_conflict');
  });

  test("another account's batch is 404 render_batch_not_found on every route; the list shows only its own", async () => {
    const mine = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: items(2) });
    const id = mine.body.batch.id;
    const other = await app.services.accounts.create({ name: 'Other' });
    const as = { authorization: `Bearer ${other.apiKey}` };
    for (const [method, url] of [
      ['GET', `/v1/render-batches/${id}`],
      ['GET', `/v1/render-batches/${id}/items`],
      ['DELETE', `/v1/render-batches/${id}`],
    ]) {
      const r = await app.api(method, url, undefined, as);
      assert.equal(r.status, 404, `${method} ${url}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, 'render_batch_not_found');
    }
    const create = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items: items(1) }, as);
    assert.equal(create.status, 404);
    assert.equal(create.body.error, 'deploy_not_found');
    const list = await app.api('GET', '/v1/render-batches', undefined, as);
    assert.deepEqual(list.body.items, []);
    const still = await app.api('GET', `/v1/render-batches/${id}`);
    assert.deepEqual(still.body.batch.counts.queued, 2, 'untouched by the other account');
  });

  test('the list is newest first with cursor paging', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: any } = await app.api('GET', `/v1/render-batches?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      all.push(...page.body.items.map((b: { id: string }) => b.id));
      cursor = page.body.nextCursor ?? null;
    } while (cursor);
    assert.ok(all.length >= 4);
    assert.deepEqual(all, [...all].sort().reverse());
    const bad = await app.api('GET', `/v1/render-batches/${all[0]}/items?cursor=%21%21`);
    assert.equal(bad.status, 400);
  });
});
