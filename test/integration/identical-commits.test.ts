// Every commit creates an immutable deploy version with the next versionNo (the contract), also when its
// files and settings equal the latest version's, and each counts one deploy commit. Skipping an unchanged
// upload is the clients' choice (the SDK's deployDirectory, tested in test/unit/deploy-unchanged.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe('identical commits', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const commitsCounted = async () =>
    (await app.api('GET', '/v1/usage')).body.usageMeters.find((m: { code: string }) => m.code === 'deploy_commits').totalQuantity as number;

  test('the same files and settings commit a new version with the next number, and count a commit', async () => {
    const a = [file('index.html', '<p>a</p>'), file('style.css', 'p{}')];
    const first = await deployFiles(app, { createDeploy: { slug: 'same', name: 'Same' } }, a);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.unchanged, undefined, 'the commit answer is {deployVersion}');
    const counted = await commitsCounted();

    const again = await deployFiles(app, { deployId: first.deployId }, a);
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.notEqual(again.body.deployVersion.id, first.body.deployVersion.id);
    assert.equal(again.body.deployVersion.versionNo, 2);
    assert.equal(again.body.deployVersion.treeHash, first.body.deployVersion.treeHash);
    assert.equal(await commitsCounted(), counted + 1, 'the identical commit is counted');

    const versions = await app.api('GET', `/v1/deploys/${first.deployId}/versions`);
    assert.deepEqual(
      versions.body.items.map((v: { versionNo: number }) => v.versionNo),
      [2, 1],
    );
  });

  test('newVersion is accepted and changes nothing: the commit is a new version either way', async () => {
    const files = [file('index.html', '<p>forced</p>')];
    const first = await deployFiles(app, { createDeploy: { slug: 'forced', name: 'Forced' } }, files);
    for (const [flag, expected] of [
      [true, 2],
      [false, 3],
    ] as const) {
      const s = await app.api('POST', '/v1/upload-sessions', { deployId: first.deployId, files: descriptors(files) });
      assert.equal(s.status, 201, JSON.stringify(s.body));
      const commit = await app.api(
        'POST',
        `/v1/upload-sessions/${s.body.uploadSession.id}/commit`,
        { newVersion: flag, entries: entries(files), render: { route: '/', title: 'Test' } },
        { 'x-upload-token': s.body.uploadToken },
      );
      assert.equal(commit.status, 201, JSON.stringify(commit.body));
      assert.equal(commit.body.deployVersion.versionNo, expected);
    }
  });
});

describe('an upload that never committed', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  test('takes the deploy it created with it when its session expires; other deploys stay', async () => {
    const files = [file('index.html', '<p>never uploaded</p>')];
    const abandoned = await app.api('POST', '/v1/upload-sessions', {
      createDeploy: { slug: 'abandoned', name: 'A' },
      files: descriptors(files),
    });
    assert.equal(abandoned.status, 201, JSON.stringify(abandoned.body));
    // A deploy made on purpose, and one whose later session expires after a version was committed, stay.
    const made = await app.api('POST', '/v1/deploys', { slug: 'made', name: 'Made' });
    assert.equal(made.status, 201);
    const used = await deployFiles(app, { createDeploy: { slug: 'used', name: 'Used' } }, files);
    assert.equal(used.status, 201);
    const later = await app.api('POST', '/v1/upload-sessions', { deployId: used.deployId, files: descriptors(files) });
    assert.equal(later.status, 201);
    const empty = await app.api('POST', '/v1/upload-sessions', { deployId: made.body.deploy.id, files: descriptors(files) });
    assert.equal(empty.status, 201);

    assert.equal((await app.janitor!.runOnce()).removedEmptyDeploys, 0, 'nothing while the session may still commit');
    app.clock.advance(app.config.uploadSessionTtlSeconds * 1000 + 1);
    const report = await app.janitor!.runOnce();
    assert.equal(report.removedEmptyDeploys, 1);
    const slugs = (await app.api('GET', '/v1/deploys')).body.items.map((d: { slug: string }) => d.slug).sort();
    assert.deepEqual(slugs, ['made', 'used']);
    assert.equal((await app.api('GET', '/v1/deploys/abandoned')).status, 404);
  });
});
