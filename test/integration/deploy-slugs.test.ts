// A deploy's slug stands for its id wherever the API takes one: in paths (the deploy, its versions,
// settings, jobs and checks) and in the deployId of job, batch and upload-session bodies. Another
// account's slug and an unknown slug are 404 deploy_not_found, as an unknown id is.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe('deploy slugs in place of ids', () => {
  let app: TestApp;
  let deployId: string;
  let keyB: string;

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'invoice', name: 'Invoice' } }, [file('index.html', '<p>hi</p>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    keyB = (await app.services.accounts.create({ name: 'Bravo' })).apiKey;
  });
  after(() => app.close());

  test('paths: the deploy, its versions and settings answer by slug as by id', async () => {
    for (const suffix of ['', '/versions', '/settings', '/render-jobs']) {
      const bySlug = await app.api('GET', `/v1/deploys/invoice${suffix}`);
      const byId = await app.api('GET', `/v1/deploys/${deployId}${suffix}`);
      assert.equal(bySlug.status, 200, `${suffix}: ${JSON.stringify(bySlug.body)}`);
      assert.deepEqual(bySlug.body, byId.body, suffix);
    }
    const renamed = await app.api('PATCH', '/v1/deploys/invoice', { name: 'Invoices' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.deploy.id, deployId);
  });

  test('bodies: render jobs, the deploy-scoped route, batches and upload sessions take the slug', async () => {
    const job = await app.api('POST', '/v1/render-jobs', { deployId: 'invoice', deployVersionId: 'latest', payload: {} });
    assert.equal(job.status, 202, JSON.stringify(job.body));
    assert.equal(job.body.job.deployId, deployId);
    const scoped = await app.api('POST', '/v1/deploys/invoice/render-jobs', { deployId, deployVersionId: 'latest', payload: {} });
    assert.equal(scoped.status, 202, JSON.stringify(scoped.body));
    const batch = await app.api('POST', '/v1/render-batches', { deployId: 'invoice', deployVersionId: 'latest', items: [{ payload: {} }] });
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    assert.equal(batch.body.batch.deployId, deployId);
    const session = await app.api('POST', '/v1/upload-sessions', {
      deployId: 'invoice',
      files: descriptors([file('index.html', '<p>2</p>')]),
    });
    assert.equal(session.status, 201, JSON.stringify(session.body));
    assert.equal(session.body.uploadSession.deployId, deployId);
  });

  test('an unknown slug and another account’s slug are 404 deploy_not_found', async () => {
    for (const [url, headers] of [
      ['/v1/deploys/no-such-deploy', {}],
      ['/v1/deploys/invoice', { authorization: `Bearer ${keyB}` }],
      ['/v1/deploys/invoice/versions', { authorization: `Bearer ${keyB}` }],
    ] as const) {
      const r = await app.api('GET', url, undefined, headers);
      assert.equal(r.status, 404, url);
      assert.equal(r.body.error, 'deploy_not_found');
    }
    const job = await app.api(
      'POST',
      '/v1/render-jobs',
      { deployId: 'invoice', deployVersionId: 'latest', payload: {} },
      { authorization: `Bearer ${keyB}` },
    );
    assert.equal(job.status, 404, JSON.stringify(job.body));
    assert.equal(job.body.error, 'deploy_not_found');
  });
});
