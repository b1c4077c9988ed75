// Plans, atomic quotas, usage meters, retention and blob garbage collection, checked against values the
// test computes itself.
import assert from 'node:assert/strict';
import { builtInPlans } from '../../src/domain/accounts/plans.js';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file, sha256, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { blobKey } from '../../src/blobs/keys.js';
import { pagesPdf } from '../helpers/outside-pdfs.js';

const N = 5;

describe('plans and quotas', () => {
  let app: TestApp;
  let http: Client;
  let key: string;
  let accountId: string;
  let base = '';

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(
      plansFile,
      JSON.stringify({
        tiny: {
          name: 'Tiny',
          monthlyPriceCents: 100,
          policy: {
            maxRenderJobsPerBillPeriod: N,
            maxDeployCommitsPerBillPeriod: N,
            maxRenderTimeMsPerBillPeriod: 1000,
            maxFilesPerDeployCommit: 3,
            maxBytesPerDeployCommit: 1000,
            storageLimitBytes: 2000,
            maxRenderTimeoutMs: 5000,
          },
        },
        two: { name: 'Two', monthlyPriceCents: 0, policy: { maxRenderJobsPerBillPeriod: 2 } },
      }),
    );
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile, FOLIO_BLOB_GC_GRACE_SECONDS: '60' } });
    const acct = await app.services.accounts.create({ name: 'Tiny Co', plan: 'tiny' });
    key = acct.apiKey;
    accountId = acct.accountId;
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    http = client(base, key);
  });
  after(() => app.close());

  const as = { authorization: '' };
  const meter = async (code: string) => {
    const u = await http.request('GET', '/v1/usage');
    return u.body.usageMeters.find((m: { code: string }) => m.code === code).totalQuantity as number;
  };

  test('usage shows the plan and its policy', async () => {
    const u = await http.request('GET', '/v1/usage');
    assert.deepEqual(u.body.plan, { key: 'tiny', name: 'Tiny', currency: 'usd', interval: 'month', monthlyPriceCents: 100 });
    assert.equal(u.body.policy.maxRenderJobsPerBillPeriod, N);
    assert.equal(u.body.policy.maxConcurrentRenderJobs, null, 'fields the file leaves out are unlimited');
    // Every policy field of the plan reaches the client (the response schema would silently drop a missing one).
    assert.deepEqual(Object.keys(u.body.policy).sort(), Object.keys(builtInPlans.free.policy).sort());
    void as;
  });

  test(`commits: ${3 * N} concurrent commits → exactly ${N} versions, the rest 429 deploy_commit_quota_exceeded`, async () => {
    const { body } = await http.request('POST', '/v1/deploys', { json: { slug: 'quota', name: 'Quota' } });
    const deployId = body.deploy.id;
    const f = file('index.html', '<p>q</p>');
    const s0 = await http.request('POST', '/v1/upload-sessions', { json: { deployId, files: descriptors([f]) } });
    await http.request('PUT', `/v1/upload-sessions/${s0.body.uploadSession.id}/blobs/${sha256(f.content)}`, {
      body: f.content,
      headers: { 'x-upload-token': s0.body.uploadToken },
    });
    const sessions = await Promise.all(
      Array.from({ length: 3 * N }, () => http.request('POST', '/v1/upload-sessions', { json: { deployId, files: descriptors([f]) } })),
    );
    const results = await Promise.all(
      // Each its own title: identical commits would answer the latest version instead of making one.
      sessions.map((s, i) =>
        http.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
          json: { entries: entries([f]), render: { route: '/', title: `q${i}` } },
          headers: { 'x-upload-token': s.body.uploadToken },
        }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, N);
    const refused = results.filter((r) => r.status !== 201);
    assert.equal(refused.length, 2 * N);
    for (const r of refused) {
      assert.equal(r.status, 429);
      assert.equal(r.body.error, 'deploy_commit_quota_exceeded');
      assert.ok(Number(r.headers.get('retry-after')) > 0);
    }
    assert.equal(await meter('deploy_commits'), N);
    const versions = await http.request('GET', `/v1/deploys/${deployId}/versions`);
    assert.deepEqual(versions.body.items.map((v: { versionNo: number }) => v.versionNo).sort(), [1, 2, 3, 4, 5]);
  });

  test(`render jobs: ${3 * N} concurrent creates → exactly ${N} accepted, the rest 429 render_job_quota_exceeded`, async () => {
    const deploys = await http.request('GET', '/v1/deploys');
    const deployId = deploys.body.items[0].id;
    const results = await Promise.all(
      Array.from({ length: 3 * N }, (_, i) =>
        http.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest', payload: { i } } }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 202).length, N);
    for (const r of results.filter((x) => x.status !== 202)) {
      assert.equal(r.status, 429);
      assert.equal(r.body.error, 'render_job_quota_exceeded');
    }
    assert.equal(await meter('render_jobs'), N);
    const jobs = await app.services.ctx.db.selectFrom('render_jobs').select('id').where('account_id', '=', accountId).execute();
    assert.equal(jobs.length, N, 'refused requests created nothing');
  });

  test('PDF work answered in the request counts as render jobs: the third of a two-job plan is 429', async () => {
    const two = await app.services.accounts.create({ name: 'Two Co', plan: 'two' });
    const pdf = await pagesPdf(1);
    const rotate = () => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(pdf)]), 'a.pdf');
      form.append('rotateAngle', '90');
      return fetch(`${base}/forms/pdfengines/rotate`, { method: 'POST', body: form, headers: { authorization: `Bearer ${two.apiKey}` } });
    };
    const transient = () => {
      const form = new FormData();
      form.append('job', JSON.stringify({ sources: [{ upload: 'f' }], steps: [{ type: 'extractText' }] }));
      form.append('f', new Blob([new Uint8Array(pdf)]), 'a.pdf');
      return fetch(`${base}/v1/pdf-jobs`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${two.apiKey}`, accept: 'text/plain' },
      });
    };
    assert.equal((await rotate()).status, 200);
    assert.equal((await transient()).status, 200);
    const third = await rotate();
    assert.equal(third.status, 429);
    assert.equal(((await third.json()) as { error: string }).error, 'render_job_quota_exceeded');
    const usage = await http.request('GET', '/v1/usage', { headers: { authorization: `Bearer ${two.apiKey}` } });
    const used = (code: string) => usage.body.usageMeters.find((m: { code: string }) => m.code === code).totalQuantity as number;
    assert.equal(used('render_jobs'), 2);
    assert.ok(used('render_time_ms') >= 2, 'the work time is counted');
  });

  test('render time: jobs stop being accepted once render_time_ms ≥ the limit; a new period starts from zero', async () => {
    await app.services.accounts.setPlan(accountId, 'unlimited');
    const deployId = (await http.request('GET', '/v1/deploys')).body.items[0].id;
    assert.equal(
      (await http.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } })).status,
      202,
      'plan change effective on the next request',
    );
    await app.services.accounts.setPlan(accountId, 'tiny');
    // Consume exactly the allowance, as finished renders would.
    await app.services.ctx.db.transaction().execute((trx) =>
      app.services.usage.increment(trx, {
        accountId,
        meter: 'render_time_ms',
        amount: 1000,
        limit: null,
        errorCode: 'render_time_quota_exceeded',
      }),
    );
    const r = await http.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } });
    assert.equal(r.status, 429);
    assert.equal(r.body.error, 'render_time_quota_exceeded');

    const now = new Date(app.clock.now());
    app.clock.set(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const u = await http.request('GET', '/v1/usage');
    assert.deepEqual(
      u.body.usageMeters.map((m: { totalQuantity: number }) => m.totalQuantity),
      [0, 0, 0],
    );
    assert.equal((await http.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } })).status, 202);
  });

  test('session and commit policies, storage limit on uploads', async () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.html`, n));
    const tooMany = await http.request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'pol', name: 'Pol' }, files: descriptors(four) },
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.error, 'upload_session_policy_limit_exceeded');
    const big = file('big.html', 'x'.repeat(1001));
    const tooBig = await http.request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'pol', name: 'Pol' }, files: descriptors([big]) },
    });
    assert.equal(tooBig.status, 400);
    assert.equal(tooBig.body.error, 'upload_session_too_large');
    const ok = await http.request('POST', '/v1/upload-sessions', { json: { createDeploy: { slug: 'pol', name: 'Pol' }, files: [] } });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const commit = await http.request('POST', `/v1/upload-sessions/${ok.body.uploadSession.id}/commit`, {
      json: { entries: entries(four), render: { route: '/a.html', title: 'x' } },
      headers: { 'x-upload-token': ok.body.uploadToken },
    });
    assert.equal(commit.status, 400);
    assert.equal(commit.body.error, 'deploy_commit_policy_limit_exceeded');
    const slow = await http.request('POST', `/v1/upload-sessions/${ok.body.uploadSession.id}/commit`, {
      json: { entries: entries([four[0]]), render: { route: '/a.html', title: 'x', renderTimeoutMs: 6000 } },
      headers: { 'x-upload-token': ok.body.uploadToken },
    });
    assert.equal(slow.status, 400);
    assert.equal(slow.body.error, 'deploy_commit_policy_limit_exceeded');

    // storageLimitBytes 2000: two 900-byte files fit, a third does not.
    const files = ['1', '2', '3'].map((n) => file(`${n}.bin`, n.repeat(900)));
    // One session per file: a session may declare at most maxBytesPerDeployCommit (1000).
    const put = async (f: BundleFile) => {
      const s = await http.request('POST', '/v1/upload-sessions', {
        json: { deployId: ok.body.uploadSession.deployId, files: descriptors([f]) },
      });
      assert.equal(s.status, 201, JSON.stringify(s.body));
      const r = await http.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(f.content)}`, {
        body: f.content,
        headers: { 'x-upload-token': s.body.uploadToken },
      });
      if (r.status === 429) assert.equal(r.body.error, 'storage_limit_exceeded');
      return r;
    };
    const before = (await http.request('GET', '/v1/usage')).body.liveStorage.totalBytes;
    const statuses = [];
    for (const f of files) statuses.push((await put(f)).status);
    const stored = (await http.request('GET', '/v1/usage')).body.liveStorage.totalBytes;
    assert.ok(stored <= 2000, `stored ${stored}`);
    const refused = statuses.filter((x) => x === 429).length;
    assert.equal(stored - before, (3 - refused) * 900);
    assert.ok(refused >= 1);
  });
});

describe('retention and garbage collection', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_BLOB_GC_GRACE_SECONDS: '60' } });
  });
  after(() => app.close());

  test('retainLatestVersions 2: five commits leave v4, v5 and the aliased v1; their unreferenced blobs go after the grace period', async () => {
    const shared = file('index.html', '<p>shared across versions</p>');
    const unique = (i: number) => file(`v${i}.css`, `/* version ${i} */ ${'x'.repeat(100 * i)}`);
    const v1 = await deployFiles(app, { createDeploy: { slug: 'ret', name: 'Ret' } }, [shared, unique(1)]);
    const deployId = v1.deployId;
    await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: v1.version.id });
    await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { versionLifecycle: { enabled: true, retainLatestVersions: 2 } });
    for (let i = 2; i <= 5; i++) assert.equal((await deployFiles(app, { deployId }, [shared, unique(i)])).status, 201);
    const versions = await app.api('GET', `/v1/deploys/${deployId}/versions`);
    assert.deepEqual(
      versions.body.items.map((v: { versionNo: number }) => v.versionNo),
      [5, 4, 1],
    );

    const storage = async () => (await app.api('GET', '/v1/usage')).body.liveStorage.deployVersionStorageBytes as number;
    const before = await storage();
    const expectedDrop = unique(2).content.length + unique(3).content.length;
    const stored = async (f: BundleFile) => (await app.services.ctx.blobs.stat(blobKey(sha256(f.content)))) !== null;
    assert.ok(await stored(unique(2)));

    await app.janitor!.runOnce();
    assert.equal(await storage(), before, 'nothing collected inside the grace period');
    // Well past the grace: pack files carry wall-clock mtimes, the clock here is the injected one.
    app.clock.advance(10 * 60_000);
    const report = await app.janitor!.runOnce();
    assert.equal(report.gc.accountBlobs, 2);
    assert.equal(report.gc.accountBytes, expectedDrop);
    assert.equal(await storage(), before - expectedDrop, 'live storage drops by exactly their bytes');
    assert.equal(await stored(unique(2)), false);
    assert.equal(await stored(unique(3)), false);
    assert.equal(await stored(unique(4)), true);
    assert.equal(await stored(shared), true);
    assert.ok(report.gc.packs >= 2, 'render packs of deleted versions go too');
    // v1 still renders from its pack.
    const v1pack = await app.services.ctx.db
      .selectFrom('deploy_versions')
      .select('render_pack_key')
      .where('id', '=', v1.version.id)
      .executeTakeFirstOrThrow();
    assert.ok(await app.services.ctx.blobs.stat(v1pack.render_pack_key));
  });
});
