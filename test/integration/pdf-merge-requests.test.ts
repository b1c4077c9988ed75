// POST /v1/pdfs/merge rules on managed PDFs uploaded here (made with pdf-lib; the merge runs in the
// sandbox, no browser): another account's ids and unknown ids are 404; bad page ranges, a source naming
// both or neither kind, and too many sources or pages are 400 naming the field; an Idempotency-Key replays
// one PDF (also under concurrent requests) and another body under it is a conflict; the plan's storage
// limit refuses a merge with 429 storage_limit_exceeded, also when two merges race for the last room,
// leaving nothing stored or counted. Merges of rendered PDFs (their text, outline and transient job
// outputs as sources) are test/e2e/pdf-merge.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { uploadPdf } from '../helpers/managed-pdfs.js';

/** A PDF of `pages` A6 pages, each with the name and its page number. */
async function namedPdf(name: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([298, 420]).drawText(`${name} page ${i}`, { x: 20, y: 380, size: 14, font });
  return Buffer.from(await doc.save());
}

describe('POST /v1/pdfs/merge: refusals, idempotency and storage limits', () => {
  let app: TestApp;
  const pdfs: Record<string, { id: string }> = {};
  let transientJob: string;
  let other: { accountId: string; apiKey: string };

  const merge = (body: unknown, headers: Record<string, string> = {}) => app.api('POST', '/v1/pdfs/merge', body, headers);
  const managedBytes = async (key = app.key) =>
    (await app.api('GET', '/v1/usage', undefined, { authorization: `Bearer ${key}` })).body.liveStorage.managedPdfStorageBytes as number;
  const pdfCount = async (key = app.key) =>
    (await app.api('GET', '/v1/pdfs?limit=100', undefined, { authorization: `Bearer ${key}` })).body.items.length;

  async function storedPdfObjects(): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of app.services.ctx.blobs.list('pdfs/')) keys.push(o.key);
    return keys;
  }

  before(async () => {
    const plans = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plans, JSON.stringify({ tiny: { name: 'Tiny', policy: { storageLimitBytes: 1000 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plans } });
    for (const [name, pages] of [
      ['Alpha', 2],
      ['Bravo', 1],
      ['Charlie', 3],
    ] as const)
      pdfs[name] = { id: await uploadPdf(app, await namedPdf(name, pages)) };
    // A job of this account (it stays queued: nothing renders here), for the refusals that name a job.
    const v = await deployFiles(app, { createDeploy: { slug: 'docs', name: 'Docs' } }, [file('index.html', '<!doctype html><h1>Doc</h1>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const created = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest', payload: {} });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    transientJob = created.body.job.id;
    other = await app.services.accounts.create({ name: 'Other' });
  });
  after(() => app.close());

  test("another account's ids and unknown ids are 404, and nothing is stored", async () => {
    const as = { authorization: `Bearer ${other.apiKey}` };
    const ours = await pdfCount();
    const foreignPdf = await merge({ sources: [{ pdfId: pdfs.Alpha.id }] }, as);
    assert.equal(foreignPdf.status, 404, JSON.stringify(foreignPdf.body));
    assert.equal(foreignPdf.body.error, 'pdf_not_found');
    assert.equal(foreignPdf.body.details.field, 'sources[0].pdfId');
    const foreignJob = await merge({ sources: [{ jobId: transientJob }] }, as);
    assert.equal(foreignJob.status, 404);
    assert.equal(foreignJob.body.error, 'render_job_not_found');
    const unknown = await merge({ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: 'pdf_01m80q5tf4e00ax6c0m7k8d2hy' }] });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.details.field, 'sources[1].pdfId');
    assert.equal(await pdfCount(other.apiKey), 0);
    assert.equal(await managedBytes(other.apiKey), 0);
    assert.equal(await pdfCount(), ours);
  });

  test('bad page ranges and too many sources are 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: pdfs.Bravo.id, pageRanges: '1-x' }] }, 'sources[1].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: pdfs.Bravo.id, pageRanges: '2' }] }, 'sources[1].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '0-2' }] }, 'sources[0].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '3-1' }] }, 'sources[0].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Alpha.id, jobId: transientJob }] }, 'sources[0]'],
      [{ sources: [{}] }, 'sources[0]'],
      [{ sources: [] }, 'sources'],
      [{ sources: Array.from({ length: 51 }, () => ({ pdfId: pdfs.Bravo.id })) }, 'sources'],
      // 50 × 102 pages: more than the 5000 a merged PDF may have.
      [{ sources: Array.from({ length: 50 }, () => ({ pdfId: pdfs.Alpha.id, pageRanges: Array(51).fill('1-2').join(',') })) }, 'sources'],
    ];
    const count = await pdfCount();
    for (const [body, field] of cases) {
      const res = await merge(body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error, 'invalid_request');
      assert.equal(res.body.details.field, field, JSON.stringify(res.body));
    }
    assert.equal(await pdfCount(), count, 'nothing stored');
  });

  test('Idempotency-Key: a replay returns the same PDF; another body with the key is a conflict', async () => {
    const count = await pdfCount();
    const body = { sources: [{ pdfId: pdfs.Bravo.id }, { pdfId: pdfs.Alpha.id, pageRanges: '1' }] };
    const key = { 'idempotency-key': 'merge-1' };
    const first = await merge(body, key);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const again = await merge(body, key);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    const conflict = await merge({ sources: [{ pdfId: pdfs.Bravo.id }] }, key);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error, 'idempotency_key_conflict');
    assert.equal(await pdfCount(), count + 1, 'one PDF for the key');
  });

  test('concurrent requests with one Idempotency-Key make one PDF', async () => {
    const count = await pdfCount();
    const body = { sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '2' }] };
    const key = { 'idempotency-key': 'merge-concurrent' };
    const [a, b] = await Promise.all([merge(body, key), merge(body, key)]);
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(b.status, 201, JSON.stringify(b.body));
    assert.equal(a.body.pdf.id, b.body.pdf.id);
    assert.equal(await pdfCount(), count + 1);
  });

  test('two concurrent merges that fit the storage limit only one at a time: one 201, one 429, nothing left over', async () => {
    const body = { sources: [{ pdfId: pdfs.Charlie.id }, { pdfId: pdfs.Alpha.id }] };
    const probe = await merge(body);
    assert.equal(probe.status, 201, JSON.stringify(probe.body));
    const size = probe.body.pdf.bytes;
    const used = (await app.api('GET', '/v1/usage')).body.liveStorage.totalBytes as number;
    const count = await pdfCount();
    const objects = await storedPdfObjects();
    // Room for one more merge of that size, not two: the plan's limit for this test only.
    const plans = app.services.ctx.plans;
    const get = plans.get;
    plans.get = (key) => {
      const plan = get(key);
      return { ...plan, policy: { ...plan.policy, storageLimitBytes: used + Math.round(size * 1.5) } };
    };
    try {
      const results = await Promise.all([merge(body), merge(body)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 429], JSON.stringify(results.map((r) => r.body)));
      assert.equal(results.find((r) => r.status === 429)!.body.error, 'storage_limit_exceeded');
    } finally {
      plans.get = get;
    }
    assert.equal(await pdfCount(), count + 1);
    const added = (await storedPdfObjects()).filter((k) => !objects.includes(k));
    assert.equal(added.length, 1, 'only the stored merge is under pdfs/');
  });

  test("past the plan's storage limit: 429 storage_limit_exceeded, nothing stored or counted", async () => {
    const count = await pdfCount();
    const bytes = await managedBytes();
    const objects = await storedPdfObjects();
    const { plan_key: plan } = await app.services.ctx.db
      .selectFrom('accounts')
      .select('plan_key')
      .where('id', '=', app.accountId)
      .executeTakeFirstOrThrow();
    await app.services.accounts.setPlan(app.accountId, 'tiny');
    try {
      const res = await merge({ sources: [{ pdfId: pdfs.Bravo.id }] });
      assert.equal(res.status, 429, JSON.stringify(res.body));
      assert.equal(res.body.error, 'storage_limit_exceeded');
    } finally {
      await app.services.accounts.setPlan(app.accountId, plan);
    }
    assert.equal(await pdfCount(), count);
    assert.equal(await managedBytes(), bytes);
    const added = (await storedPdfObjects()).filter((k) => !objects.includes(k));
    assert.deepEqual(added, [], 'no object stored under pdfs/');
  });
});
