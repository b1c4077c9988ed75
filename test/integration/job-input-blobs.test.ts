// A render job's large inputs live in the blob store, not in its render_payloads row (services/jobs/job-inputs.ts):
// an incompressible payload or attachment leaves only a `blob:` reference in the row, the object under the
// job's own key, the worker's preparation reads the very bytes sent, and the object goes when the job ends
// (success, failure for good, cancel of a batch). Small inputs stay in the row. The janitor's sweep removes an
// object left by a creation that failed (a 429) once it is older than the grace, never a young one and never
// a live job's. Without a browser: the worker's preparation runs as the worker runs it, and its outcome is
// recorded through JobOutcomes. SQLite + files and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { JOB_INPUTS_PREFIX, jobInputKey } from '../../src/blobs/keys.js';
import { ORPHAN_GRACE_MS, STORE_THRESHOLD_CHARS } from '../../src/services/jobs/job-inputs.js';
import { JobPreparation } from '../../src/worker/job-preparation.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { waitUntil } from '../helpers/wait.js';

const BIG = 1024 * 1024;
const b64 = (b: Buffer) => b.toString('base64');
const attachment = (content: Buffer, name = 'data.bin') => ({
  name,
  mimeType: 'application/octet-stream',
  relationship: 'Data',
  content: b64(content),
});

describe('large job inputs in the blob store', () => {
  let app: TestApp;
  let deployId = '';
  let cappedAuth: Record<string, string> = {};
  let cappedDeployId = '';
  const terms = Buffer.from('the terms, a file of the version');

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plansFile, JSON.stringify({ capped: { name: 'Capped', policy: { maxRenderJobsPerBillPeriod: 1 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile } });
    const files = [file('index.html', '<p>x</p>'), file('terms.txt', terms)];
    const v = await deployFiles(app, { createDeploy: { slug: 'inputs', name: 'Inputs' } }, files);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    const capped = await app.services.accounts.create({ name: 'Capped Co', plan: 'capped' });
    cappedAuth = { authorization: `Bearer ${capped.apiKey}` };
    const c = await deployFiles(app, { createDeploy: { slug: 'capped', name: 'Capped' } }, files, undefined, cappedAuth);
    assert.equal(c.status, 201, JSON.stringify(c.body));
    cappedDeployId = c.deployId;
  });
  after(() => app?.close());

  const db = () => app.services.ctx.db;
  const blobs = () => app.services.ctx.blobs;
  const row = (jobId: string) =>
    db().selectFrom('render_payloads').select(['body_base64', 'document_input_json']).where('job_id', '=', jobId).executeTakeFirst();
  const exists = async (key: string) => (await blobs().stat(key)) !== null;
  /** Every stored job input, with its time as the store lists it (what the sweep reads). */
  async function storedInputs(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for await (const o of blobs().list(JOB_INPUTS_PREFIX)) out.set(o.key, o.modifiedAt);
    return out;
  }

  /** The job claimed as the worker claims it, then prepared by the worker's own preparation. */
  async function claimAndPrepare(jobId: string, owner: string) {
    const now = app.clock.now();
    await db()
      .updateTable('render_jobs')
      .set({ status: 'rendering', lease_owner: owner, lease_expires_at: now + 60_000, started_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    const job = await db().selectFrom('render_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    return { job, prepared: await new JobPreparation(app.services.ctx).prepare(job, new AbortController().signal) };
  }

  test('an incompressible payload and attachment: references in the row, the bytes in the store, read back, gone on success', async () => {
    const payload = randomBytes(BIG);
    const data = randomBytes(BIG);
    const res = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payloadBase64: b64(payload),
      payloadMime: 'application/octet-stream',
      attachments: [attachment(data)],
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const jobId = res.body.job.id as string;
    const stored = await row(jobId);
    assert.deepEqual(stored, {
      body_base64: `blob:${jobInputKey(jobId, 'payload')}`,
      document_input_json: `blob:${jobInputKey(jobId, 'document')}`,
    });
    const sizes = await storedInputs();
    assert.ok(sizes.has(jobInputKey(jobId, 'payload')) && sizes.has(jobInputKey(jobId, 'document')), 'both objects are stored');

    const { job, prepared } = await claimAndPrepare(jobId, 'worker-a');
    assert.ok(prepared.request.payload.equals(payload), 'the worker reads the payload as sent');
    assert.ok(prepared.post?.attachments[0].content.equals(data), 'and the attachment');

    const pdf = Buffer.from('%PDF-1.7 stand-in');
    await blobs().put(prepared.output.storageKey, pdf);
    const outcome = await app.services.jobOutcomes.succeed(job, 'worker-a', prepared.output, {
      bytes: pdf.length,
      sha256: 'stand-in',
      pageCount: 1,
      renderTimeMs: 5,
    });
    assert.equal(outcome, 'succeeded');
    assert.equal(await row(jobId), undefined, 'the row goes at the end');
    assert.equal(await exists(jobInputKey(jobId, 'payload')), false, 'the payload object goes after the commit');
    assert.equal(await exists(jobInputKey(jobId, 'document')), false, 'the document object too');
  });

  test('small inputs stay in the row as before; a large one that fails for good loses its object', async () => {
    const small = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { n: 1 } });
    assert.equal(small.status, 202, JSON.stringify(small.body));
    assert.deepEqual(await row(small.body.job.id), { body_base64: b64(Buffer.from('{"n":1}')), document_input_json: null });
    assert.equal(await exists(jobInputKey(small.body.job.id, 'payload')), false);

    // Compressible: the deflated form (db/packed-inputs.ts) is small enough for the row.
    const text = 'x'.repeat(2 * STORE_THRESHOLD_CHARS);
    const packed = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { text } });
    assert.equal(packed.status, 202);
    assert.match((await row(packed.body.job.id))!.body_base64, /^z:/);

    const payload = randomBytes(BIG);
    const big = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payloadBase64: b64(payload),
      payloadMime: 'application/octet-stream',
    });
    const jobId = big.body.job.id as string;
    assert.deepEqual(await row(jobId), { body_base64: `blob:${jobInputKey(jobId, 'payload')}`, document_input_json: null });
    const { job, prepared } = await claimAndPrepare(jobId, 'worker-b');
    assert.ok(prepared.request.payload.equals(payload));
    assert.equal(await app.services.jobOutcomes.fail(job, { code: 'render_failed', message: 'page error', renderMs: 1 }, 'worker-b'), true);
    assert.equal((await app.api('GET', `/v1/render-jobs/${jobId}`)).body.job.status, 'failed');
    assert.equal(await exists(jobInputKey(jobId, 'payload')), false);
  });

  test('a document checked against the version (a bundle attachment’s size) is stored as checked', async () => {
    const data = randomBytes(BIG);
    const res = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: { n: 2 },
      attachments: [attachment(data), { name: 'terms.txt', mimeType: 'text/plain', relationship: 'Supplement', bundlePath: 'terms.txt' }],
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const jobId = res.body.job.id as string;
    assert.equal((await row(jobId))!.document_input_json, `blob:${jobInputKey(jobId, 'document')}`);
    const document = await app.services.jobInputs.document((await row(jobId))!.document_input_json);
    assert.deepEqual(
      document!.attachments.map((a) => a.size),
      [data.length, terms.length],
      'the sizes the version check filled in',
    );
    const { prepared } = await claimAndPrepare(jobId, 'worker-c');
    assert.deepEqual(
      prepared.post?.attachments.map((a) => a.content.equals(a.name === 'terms.txt' ? terms : data)),
      [true, true],
    );
  });

  test('a batch stores its large items’ inputs under each item; canceling the batch deletes them', async () => {
    const payload = randomBytes(BIG);
    const res = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payloadBase64: b64(payload), payloadMime: 'application/octet-stream' }, { payload: { small: true } }],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const items = await db()
      .selectFrom('render_jobs')
      .select('id')
      .where('batch_id', '=', res.body.batch.id)
      .orderBy('batch_index')
      .execute();
    const [large, small] = items.map((i) => i.id);
    assert.equal((await row(large))!.body_base64, `blob:${jobInputKey(large, 'payload')}`);
    assert.equal((await row(small))!.body_base64, b64(Buffer.from('{"small":true}')));
    assert.equal(await exists(jobInputKey(large, 'payload')), true);
    const { prepared } = await claimAndPrepare(large, 'worker-d');
    assert.ok(prepared.request.payload.equals(payload));

    assert.equal((await app.api('DELETE', `/v1/render-batches/${res.body.batch.id}`)).status, 200);
    assert.equal(await row(large), undefined);
    // Deleted after the cancel's commit, without holding up its answer.
    await waitUntil('the canceled item’s input deleted', async () => !(await exists(jobInputKey(large, 'payload'))));
  });

  test('the sweep removes what a refused creation left once older than the grace; a young one and a live job’s stay', async () => {
    const big = () => ({
      deployId: cappedDeployId,
      deployVersionId: 'latest',
      payloadBase64: b64(randomBytes(BIG)),
      payloadMime: 'application/octet-stream',
    });
    const live = await app.api('POST', '/v1/render-jobs', big(), cappedAuth);
    assert.equal(live.status, 202, JSON.stringify(live.body));
    const liveKey = jobInputKey(live.body.job.id, 'payload');
    const before = await storedInputs();
    const refused = await app.api('POST', '/v1/render-jobs', big(), cappedAuth);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    // Written before the transaction that the quota undid: an object no row names.
    const orphans = [...(await storedInputs()).keys()].filter((k) => !before.has(k));
    assert.equal(orphans.length, 1, 'the refused job’s input was stored');
    const [orphan] = orphans;
    const at = (await storedInputs()).get(orphan)!;
    assert.ok(before.get(liveKey)! <= at, 'the live job’s object is the older one');

    // Within the grace, the orphan may be a creation still committing: it stays.
    app.clock.set(at + ORPHAN_GRACE_MS - 1000);
    assert.equal((await app.janitor!.runOnce()).sweptJobInputs, 0);
    assert.equal(await exists(orphan), true);

    app.clock.set(at + ORPHAN_GRACE_MS + 1);
    assert.equal((await app.janitor!.runOnce()).sweptJobInputs, 1);
    assert.equal(await exists(orphan), false, 'the orphan is gone');
    assert.equal(await exists(liveKey), true, 'a queued job keeps its input, however old');
    const { prepared } = await claimAndPrepare(live.body.job.id, 'worker-e');
    assert.equal(prepared.request.payload.length, BIG);
  });
});
