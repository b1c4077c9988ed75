// Render job requests answered before anything renders (no worker runs here, so jobs stay queued): the
// refusals of job creation (an unknown version, a deploy without versions, a mismatched deploy, payload
// combinations, an unknown failOn entry, steps a render job cannot run), each creating nothing; canonical
// payload hashes and alias resolution; cancel of a queued job, the 409s of a second cancel and of a link
// to an output that is not ready, the payload gone at the terminal state. Rendering is
// test/e2e/render-jobs.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const page = file('index.html', '<!doctype html><html><body><h1>Hello</h1></body></html>');

describe('render job requests', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'greeting', name: 'Greeting' } }, [page], {
      route: '/',
      title: 'Greeting',
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  const jobCount = async () => (await app.services.ctx.db.selectFrom('render_jobs').select('id').execute()).length;

  test('cancel: queued → canceled; terminal → 409; link requests 409 while not ready', async () => {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { name: 'X' } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const jobId = created.body.job.id;
    const early = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`);
    assert.equal(early.status, 409);
    assert.equal(early.body.error, 'render_output_not_ready');
    const canceled = await app.api('POST', `/v1/render-jobs/${jobId}/cancel`);
    assert.equal(canceled.status, 200);
    assert.equal(canceled.body.job.status, 'canceled');
    assert.ok(canceled.body.job.finishedAt);
    const again = await app.api('POST', `/v1/render-jobs/${jobId}/cancel`);
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'render_job_not_cancelable');
    const payload = await app.services.ctx.db.selectFrom('render_payloads').select('job_id').where('job_id', '=', jobId).executeTakeFirst();
    assert.equal(payload, undefined, 'the payload is deleted at every terminal state');
    const listed = await app.api('GET', `/v1/render-jobs?status=canceled`);
    assert.ok(listed.body.items.some((j: { id: string }) => j.id === jobId));
  });

  test('job creation errors: unknown version, no versions, mismatched deploy, bad payload combos', async () => {
    const empty = await app.api('POST', '/v1/deploys', { slug: 'empty', name: 'Empty' });
    const none = await app.api('POST', '/v1/render-jobs', { deployId: empty.body.deploy.id, deployVersionId: 'latest' });
    assert.equal(none.status, 409);
    assert.equal(none.body.error, 'deploy_has_no_versions');
    const unknown = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'ver_01h0000000000000000000000' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'deploy_version_not_found');
    const mismatch = await app.api('POST', `/v1/deploys/${deployId}/render-jobs`, {
      deployId: empty.body.deploy.id,
      deployVersionId: 'latest',
    });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.error, 'deploy_id_mismatch');
    const both = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {}, payloadBase64: 'e30=' });
    assert.equal(both.status, 400);
    const textNotString = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: { a: 1 },
      payloadMime: 'text/plain',
    });
    assert.equal(textNotString.status, 400);
    const canonical1 = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { b: 2, a: 1 } });
    const canonical2 = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { a: 1, b: 2 } });
    assert.equal(canonical1.body.job.payloadHash, canonical2.body.job.payloadHash, 'canonical JSON: key order does not matter');
    const alias = await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: 'latest' });
    assert.equal(alias.status, 200);
    const viaAlias = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'production', payload: { name: 'A' } });
    assert.equal(viaAlias.status, 202);
    assert.match(viaAlias.body.job.deployVersionId, /^ver_/, 'bound to the concrete version');
  });

  test('an unknown failOn entry is refused, naming it, and nothing is created', async () => {
    const before = (await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length;
    const bad = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      failOn: ['page_exception', 'typo'],
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'invalid_request');
    assert.equal(bad.body.details.field, 'failOn');
    assert.match(bad.body.message, /failOn\[1\] is "typo", not a warning code/);
    assert.equal((await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length, before);
    const commit = await deployFiles(app, { deployId }, [page], { route: '/', title: 'x', failOn: ['nope'] });
    assert.equal(commit.status, 400);
    assert.equal(commit.body.details.field, 'render.failOn');
  });

  test('steps a render job cannot run are a 400 naming the step; no job is created', async () => {
    const before = await jobCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ steps: [{ type: 'split', every: 1 }] }, 'steps[0]', /POST \/v1\/pdf-jobs/],
      [{ steps: [{ type: 'encrypt', ownerPassword: 'owner-secret-1' }] }, 'steps[0]', /use protection/],
      [{ steps: [{ type: 'timestamp' }] }, 'steps[0]', /document timestamp/],
      [{ steps: [{ type: 'shred' }] }, 'steps[0].type', /must be one of/],
      [{ steps: [{ type: 'rotate', angle: 45 }] }, 'steps[0].angle', /90, 180 or 270/],
      [{ steps: [{ type: 'optimize' }, { type: 'flatten' }] }, 'steps[0]', /last step/],
      [{ pdf: { standard: 'pdf/a-2b' }, steps: [{ type: 'watermark', text: 'DRAFT' }] }, 'steps[0]', /Helvetica/],
      [{ protection: { ownerPassword: 'owner-secret-1' }, steps: [{ type: 'optimize' }] }, 'steps[0]', /protection/],
    ];
    for (const [body, field, message] of cases) {
      // POST /v1/render with inline HTML: the refusal comes before a job exists.
      const res = await app.server.inject({
        method: 'POST',
        url: '/v1/render',
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ html: '<!doctype html><h1>Invoice 4711</h1>', ...body }),
      });
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      const err = res.json() as { error: string; message: string; details?: { field?: string } };
      assert.equal(err.error, 'invalid_request');
      assert.equal(err.details?.field, field, res.body);
      assert.match(err.message, message);
    }
    assert.equal(await jobCount(), before);
  });
});
