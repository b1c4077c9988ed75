// A commit identical to the deploy's latest version (same files, same render settings) answers that
// version (200, unchanged) instead of adding a copy with the next number, and counts no commit;
// newVersion: true forces one; a changed setting or file, or an older identical version, makes a new one.
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

  const commits = async () => (await app.api('GET', '/v1/usage')).body;

  test('the same files and settings answer the latest version; a change or newVersion makes the next', async () => {
    const a = [file('index.html', '<p>a</p>'), file('style.css', 'p{}')];
    const first = await deployFiles(app, { createDeploy: { slug: 'same', name: 'Same' } }, a);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.unchanged, false);
    const usageBefore = JSON.stringify(await commits());

    const again = await deployFiles(app, { deployId: first.deployId }, a);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.unchanged, true);
    assert.equal(again.body.deployVersion.id, first.body.deployVersion.id);
    assert.equal(again.body.deployVersion.versionNo, 1);
    assert.equal(JSON.stringify(await commits()), usageBefore, 'no commit is counted');

    const retitled = await deployFiles(app, { deployId: first.deployId }, a, { route: '/', title: 'Other title' });
    assert.equal(retitled.status, 201);
    assert.equal(retitled.body.deployVersion.versionNo, 2);

    // v1's files and settings again: not the latest, so a new version (the latest moves back to them).
    const back = await deployFiles(app, { deployId: first.deployId }, a);
    assert.equal(back.status, 201);
    assert.equal(back.body.deployVersion.versionNo, 3);

    const versions = await app.api('GET', `/v1/deploys/${first.deployId}/versions`);
    assert.equal(versions.body.items.length, 3);
  });

  test('newVersion: true always makes a new version', async () => {
    const files = [file('index.html', '<p>forced</p>')];
    const first = await deployFiles(app, { createDeploy: { slug: 'forced', name: 'Forced' } }, files);
    const s = await app.api('POST', '/v1/upload-sessions', { deployId: first.deployId, files: descriptors(files) });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const commit = await app.api(
      'POST',
      `/v1/upload-sessions/${s.body.uploadSession.id}/commit`,
      {
        newVersion: true,
        entries: entries(files),
        render: { route: '/', title: 'Test' },
      },
      { 'x-upload-token': s.body.uploadToken },
    );
    assert.equal(commit.status, 201, JSON.stringify(commit.body));
    assert.equal(commit.body.unchanged, false);
    assert.equal(commit.body.deployVersion.versionNo, 2);
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
