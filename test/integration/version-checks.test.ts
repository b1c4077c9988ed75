// A version's checks answered without printing anything: a fixture that is not JSON fails on its own and
// ends the check as it starts (no batch); a version without fixtures is 409; a bad tolerance is 400; a
// fixture over the payload limit is refused at commit, naming it, with nothing written; another account's
// version and check are 404, an unknown check too. Checks that print and compare are
// test/e2e/version-checks.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const page: BundleFile[] = [
  file('index.html', '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Invoice</h1></body></html>'),
  file('style.css', 'h1 { background: #1d4ed8; color: white; }'),
];

describe('version checks refused or ended before printing', () => {
  let app: TestApp;
  let deployId: string;
  let bareVersionId: string;
  let notJsonVersionId: string;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_MAX_PAYLOAD_BYTES: '4096' } });
    const v1 = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, page);
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    deployId = v1.deployId;
    bareVersionId = v1.version.id;
    const v2 = await deployFiles(app, { deployId }, [...page, file('tests/ada.json', '{"name": ')]);
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    notJsonVersionId = v2.version.id;
  });
  after(() => app.close());

  const checks = (versionId: string) => `/v1/deploys/${deployId}/versions/${versionId}/checks`;

  test('a fixture that is not JSON fails on its own; a version without fixtures is 409', async () => {
    const created = await app.api('POST', checks(notJsonVersionId), {});
    assert.equal(created.status, 202, JSON.stringify(created.body));
    // Nothing to print: the check is over as it starts.
    assert.equal(created.body.check.status, 'failed');
    assert.equal(created.body.check.batchId, null);
    assert.equal(created.body.check.fixtures[0].error.code, 'fixture_invalid');
    assert.equal(created.body.check.fixtures[0].file, 'tests/ada.json');
    assert.match(created.body.check.fixtures[0].message, /^tests\/ada\.json is not valid JSON/);

    const none = await app.api('POST', checks(bareVersionId), {});
    assert.equal(none.status, 409);
    assert.equal(none.body.error, 'version_has_no_fixtures');
    const badTolerance = await app.api('POST', checks(notJsonVersionId), { tolerance: 2 });
    assert.equal(badTolerance.status, 400);
    assert.equal(badTolerance.body.error, 'invalid_request');
  });

  test('a fixture over the payload limit is refused at commit, naming it; nothing is written', async () => {
    const before = (await app.api('GET', `/v1/deploys/${deployId}/versions`)).body.items.length;
    const big = file('tests/huge.json', JSON.stringify({ name: 'x'.repeat(5000) }));
    const r = await deployFiles(app, { deployId }, [...page, big]);
    assert.equal(r.status, 400);
    assert.equal(r.body.error, 'deploy_commit_policy_limit_exceeded');
    assert.match(r.body.message, /the fixture tests\/huge\.json is \d+ bytes; .* at most 4096 bytes/);
    assert.match(r.body.details.field, /^entries\[\d\]$/);
    const after = (await app.api('GET', `/v1/deploys/${deployId}/versions`)).body.items.length;
    assert.equal(after, before);
  });

  test("another account's version and check are 404", async () => {
    const created = await app.api('POST', checks(notJsonVersionId), {});
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const checkId = created.body.check.id;
    const other = await app.services.accounts.create({ name: 'Other' });
    const as = { authorization: `Bearer ${other.apiKey}` };
    const post = await app.api('POST', checks(notJsonVersionId), {}, as);
    assert.equal(post.status, 404);
    assert.equal(post.body.error, 'deploy_not_found');
    const get = await app.api('GET', `${checks(notJsonVersionId)}/${checkId}`, undefined, as);
    assert.equal(get.status, 404);
    const unknown = await app.api('GET', `${checks(notJsonVersionId)}/chk_01m80q6a2be00c4r7d9x1k3m5p`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'version_check_not_found');
  });
});
