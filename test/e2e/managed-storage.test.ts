// Managed-PDF storage: the storage limit fails a job cleanly and counts nothing; daily peaks over three
// simulated days match a table computed here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const GiB = 1024 ** 3;
const page = (n: number) => file('index.html', `<!doctype html><h1>Doc</h1>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(n)}`);

describe('managed PDF storage', () => {
  let app: TestApp;
  let deployId: string;
  const versions: Record<string, string> = {};

  before(async () => {
    const plans = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plans, JSON.stringify({ small: { name: 'Small', policy: { storageLimitBytes: 60_000 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plans } });
    app.clock.set(Date.UTC(2026, 2, 10, 12, 0, 0)); // 10 March 2026, mid-month
    app.worker!.start();
    const v1 = await deployFiles(app, { createDeploy: { slug: 'docs', name: 'Docs' } }, [page(5)], {
      route: '/',
      title: 'small',
      metadata: { pdf: { tagged: false } },
    });
    deployId = v1.deployId;
    versions.small = v1.version.id;
    versions.big = (await deployFiles(app, { deployId }, [page(400)], { route: '/', title: 'big' })).version.id;
  });
  after(() => app.close());

  async function renderManaged(version: string) {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: version, outputMode: 'managed' });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    return (await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`)).body;
  }
  const usage = async () => (await app.api('GET', '/v1/usage')).body;

  test('daily peaks across three days match a hand-computed table', async () => {
    // Day 1 (10 March): A then B → peak A+B; delete A at the end of the day → current B.
    const a = await renderManaged(versions.small);
    const b = await renderManaged(versions.small);
    assert.equal(a.job.status, 'succeeded');
    const A = a.pdf.bytes;
    const B = b.pdf.bytes;
    await app.api('DELETE', `/v1/pdfs/${a.pdf.id}`);
    // Day 2 (11 March): nothing changes → peak carries B.
    app.clock.advance(24 * 3600_000);
    // Day 3 (12 March): C arrives, then B goes → peak B+C, current C.
    app.clock.advance(24 * 3600_000);
    const c = await renderManaged(versions.small);
    const C = c.pdf.bytes;
    await app.api('DELETE', `/v1/pdfs/${b.pdf.id}`);

    const expected = [
      { day: '2026-03-10', peakBytes: A + B },
      { day: '2026-03-11', peakBytes: B },
      { day: '2026-03-12', peakBytes: B + C },
    ];
    const u = await usage();
    const meter = u.storageMeters[0];
    assert.deepEqual(
      meter.peakBytesByDay.map((d: { day: string; peakBytes: number }) => ({ day: d.day, peakBytes: d.peakBytes })),
      expected,
    );
    for (const d of meter.peakBytesByDay) assert.equal(d.peakGiBDay, d.peakBytes / GiB);
    const total = expected.reduce((s, d) => s + d.peakBytes, 0);
    assert.equal(meter.totalPeakBytes, total);
    assert.equal(meter.totalPeakGiBDays, total / GiB);
    assert.equal(meter.currentBytes, C);
    assert.equal(u.liveStorage.managedPdfStorageBytes, C);
    assert.equal(u.liveStorage.totalBytes, u.liveStorage.deployVersionStorageBytes + C + u.liveStorage.renderOutputStorageBytes);
    assert.equal(u.period.usageDayStart, '2026-03-01');
    assert.equal(u.period.usageDayEndExclusive, '2026-04-01');
  });

  test('a managed PDF that would pass storageLimitBytes fails the job with storage_limit_exceeded and counts nothing', async () => {
    await app.services.accounts.setPlan(app.accountId, 'small');
    const before = await usage();
    const done = await renderManaged(versions.big);
    assert.equal(done.job.status, 'failed', JSON.stringify(done.job));
    assert.equal(done.job.errorCode, 'storage_limit_exceeded');
    assert.match(done.job.errorMessage, /storage limit of 60000 bytes/);
    assert.equal(done.pdf, undefined);
    const after = await usage();
    assert.equal(after.liveStorage.managedPdfStorageBytes, before.liveStorage.managedPdfStorageBytes, 'no bytes counted');
    assert.deepEqual(after.storageMeters[0].peakBytesByDay, before.storageMeters[0].peakBytesByDay, 'no peak raised');
    const pdfs = await app.api('GET', `/v1/pdfs?deployId=${deployId}`);
    assert.equal(pdfs.body.items.filter((p: { renderJobId: string }) => p.renderJobId === done.job.id).length, 0);
  });
});
