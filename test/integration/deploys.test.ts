import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LookupAll } from '../../src/net/resolve-host.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, sampleBundle, sha256 } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe('deploys, versions, aliases, settings', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '0' } });
  });
  after(() => app.close());

  test('create, get, list with cursor, patch, delete frees the slug', async () => {
    const created = await app.api('POST', '/v1/deploys', { slug: 'reports', name: 'Reports' });
    assert.equal(created.status, 201);
    const d = created.body.deploy;
    assert.match(d.id, /^dep_[0-9a-z]{26}$/);
    assert.equal(d.accountId, app.accountId);
    const got = await app.api('GET', `/v1/deploys/${d.id}`);
    assert.deepEqual(got.body, { deploy: d, aliases: [], latestVersion: null });

    for (let i = 0; i < 5; i++) assert.equal((await app.api('POST', '/v1/deploys', { slug: `page-${i}`, name: `P${i}` })).status, 201);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await app.api('GET', `/v1/deploys?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200);
      assert.ok(page.body.items.length <= 2);
      seen.push(...page.body.items.map((x: { slug: string }) => x.slug));
      cursor = page.body.nextCursor ?? undefined;
      // An insert while paging must neither repeat nor skip existing items.
      if (seen.length === 2) await app.api('POST', '/v1/deploys', { slug: 'late-comer', name: 'Late' });
    } while (cursor);
    assert.deepEqual(seen, ['page-4', 'page-3', 'page-2', 'page-1', 'page-0', 'reports']);

    const dup = await app.api('PATCH', `/v1/deploys/${d.id}`, { slug: 'page-1' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'deploy_slug_conflict');
    const renamed = await app.api('PATCH', `/v1/deploys/${d.id}`, { name: 'Monthly reports', slug: 'monthly' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.deploy.slug, 'monthly');
    assert.equal(renamed.body.deploy.name, 'Monthly reports');

    assert.equal((await app.api('DELETE', `/v1/deploys/${d.id}`)).status, 204);
    assert.equal((await app.api('GET', `/v1/deploys/${d.id}`)).status, 404);
    assert.equal((await app.api('POST', '/v1/deploys', { slug: 'monthly', name: 'again' })).status, 201);
  });

  test('versions: list newest first, get, files; alias to a concrete version and to latest; delete in use → 409', async () => {
    const v1 = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoice' } }, sampleBundle('1'), {
      route: '/',
      title: 'Invoice',
    });
    assert.equal(v1.status, 201);
    const deployId = v1.deployId;
    const v2 = await deployFiles(app, { deployId }, [...sampleBundle('2'), file('extra/terms.html', '<p>terms</p>')], {
      route: '/extra/terms',
      title: 'Terms',
      renderTimeoutMs: 5000,
      metadata: { pdf: { format: 'A4' } },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal(v2.version.versionNo, 2);
    assert.equal(v2.version.renderTimeoutMs, 5000);
    assert.equal(v2.version.metadataJson, JSON.stringify({ pdf: { format: 'A4' } }));
    assert.equal(v2.uploadedMissing, 4, 'every file changed except none shared');

    const list = await app.api('GET', `/v1/deploys/${deployId}/versions`);
    assert.deepEqual(
      list.body.items.map((v: { versionNo: number }) => v.versionNo),
      [2, 1],
    );
    const one = await app.api('GET', `/v1/deploys/${deployId}/versions/${v1.version.id}`);
    assert.equal(one.body.deployVersion.treeHash, v1.version.treeHash);
    const files = await app.api('GET', `/v1/deploys/${deployId}/versions/${v2.version.id}/files`);
    assert.deepEqual(
      files.body.items.map((f: { path: string }) => f.path),
      ['/app.js', '/extra/terms.html', '/index.html', '/style.css'],
    );
    assert.equal(files.body.items.find((f: { path: string }) => f.path === '/style.css').mime, 'text/css; charset=utf-8');

    const put = await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: v1.version.id });
    assert.equal(put.status, 200);
    assert.equal(put.body.deployVersionId, v1.version.id);
    assert.equal(put.body.alias, 'production');
    const post = await app.api('POST', `/v1/deploys/${deployId}/aliases/preview`, { deployVersionId: 'latest' });
    assert.equal(post.status, 200);
    assert.equal(post.body.deployVersionId, 'latest');
    const other = await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: 'ver_unknown' });
    assert.equal(other.status, 404);
    assert.equal(other.body.error, 'deploy_version_not_found');
    const badName = await app.api('PUT', `/v1/deploys/${deployId}/aliases/Prod!`, { deployVersionId: 'latest' });
    assert.equal(badName.status, 400);

    const deploy = await app.api('GET', `/v1/deploys/${deployId}`);
    assert.deepEqual(
      deploy.body.aliases.map((a: { alias: string }) => a.alias),
      ['preview', 'production'],
    );
    assert.equal(deploy.body.latestVersion.id, v2.version.id);

    const inUse = await app.api('DELETE', `/v1/deploys/${deployId}/versions/${v1.version.id}`);
    assert.equal(inUse.status, 409);
    assert.equal(inUse.body.error, 'deploy_version_in_use');
    assert.equal((await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: v2.version.id })).status, 200);
    assert.equal((await app.api('DELETE', `/v1/deploys/${deployId}/versions/${v1.version.id}`)).status, 204);
    assert.equal((await app.api('GET', `/v1/deploys/${deployId}/versions/${v1.version.id}`)).status, 404);
  });

  test('get: the latest version is the newest that still exists, with every alias and the full version shape', async () => {
    const v1 = await deployFiles(app, { createDeploy: { slug: 'latest-gone', name: 'Latest gone' } }, sampleBundle('lg1'), {
      route: '/',
      title: 'One',
    });
    const deployId = v1.deployId;
    const v2 = await deployFiles(app, { deployId }, sampleBundle('lg2'), {
      route: '/',
      title: 'Two',
      renderTimeoutMs: 4000,
      metadata: { pdf: { format: 'A4' } },
    });
    for (const alias of ['b-two', 'a', 'c'])
      assert.equal(
        (await app.api('PUT', `/v1/deploys/${deployId}/aliases/${alias}`, { deployVersionId: alias === 'c' ? 'latest' : v1.version.id }))
          .status,
        200,
      );
    const full = await app.api('GET', `/v1/deploys/${deployId}`);
    assert.equal(full.status, 200);
    assert.deepEqual(
      full.body.latestVersion,
      (await app.api('GET', `/v1/deploys/${deployId}/versions/${v2.version.id}`)).body.deployVersion,
    );
    assert.deepEqual(
      full.body.aliases.map((a: { alias: string; deployVersionId: string; deployId: string }) => [a.alias, a.deployVersionId, a.deployId]),
      [
        ['a', v1.version.id, deployId],
        ['b-two', v1.version.id, deployId],
        ['c', 'latest', deployId],
      ],
    );
    assert.equal((await app.api('DELETE', `/v1/deploys/${deployId}/versions/${v2.version.id}`)).status, 204);
    const after = await app.api('GET', `/v1/deploys/${deployId}`);
    assert.equal(after.body.latestVersion.id, v1.version.id);
    assert.equal(after.body.latestVersion.versionNo, 1);
    assert.equal(after.body.aliases.length, 3);
  });

  test('commit validation: route must resolve, blobs must be uploaded, timeout within plan', async () => {
    const files = sampleBundle('cv');
    const s = await app.api('POST', '/v1/upload-sessions', { createDeploy: { slug: 'cv', name: 'CV' }, files: [] });
    const tok = { 'x-upload-token': s.body.uploadToken };
    const entries = files.map((f) => ({ path: f.path, blobHash: sha256(f.content), size: f.content.length }));
    const missing = await app.api(
      'POST',
      `/v1/upload-sessions/${s.body.uploadSession.id}/commit`,
      { entries, render: { route: '/', title: 'x' } },
      tok,
    );
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'blob_missing');
    const noRoute = await app.api(
      'POST',
      `/v1/upload-sessions/${s.body.uploadSession.id}/commit`,
      { entries: [], render: { route: 'index.html', title: 'x' } },
      tok,
    );
    assert.equal(noRoute.status, 400);
    const v = await deployFiles(app, { deployId: s.body.uploadSession.deployId }, files, { route: '/missing', title: 'x' });
    assert.equal(v.status, 400);
    assert.equal(v.body.details.field, 'render.route');
    const dupPaths = await app.api(
      'POST',
      `/v1/upload-sessions/${s.body.uploadSession.id}/commit`,
      { entries: [entries[0], { ...entries[0], path: '/' + entries[0].path }], render: { route: '/', title: 'x' } },
      tok,
    );
    assert.equal(dupPaths.status, 400);
    assert.equal(dupPaths.body.error, 'invalid_path');
  });

  test('upload session TTL: 410 past one hour; committed sessions 409', async () => {
    const s = await app.api('POST', '/v1/upload-sessions', { createDeploy: { slug: 'ttl', name: 'TTL' }, files: [] });
    app.clock.advance(3600_000);
    const late = await app.api(
      'POST',
      `/v1/upload-sessions/${s.body.uploadSession.id}/missing-blobs`,
      { files: [] },
      { 'x-upload-token': s.body.uploadToken },
    );
    assert.equal(late.status, 410);
    assert.equal(late.body.error, 'upload_session_gone');
  });

  test('settings: defaults, validation, write-only secrets, variables replace the set, secret rotation', async () => {
    const { body } = await app.api('POST', '/v1/deploys', { slug: 'settings', name: 'Settings' });
    const id = body.deploy.id;
    const initial = await app.api('GET', `/v1/deploys/${id}/settings`);
    assert.deepEqual(initial.body.settings, {
      deployId: id,
      webhook: { enabled: false, signingSecretConfigured: false },
      versionLifecycle: { enabled: false, retainLatestVersions: 10 },
      environment: { variables: [] },
      secrets: { items: [] },
    });
    const cases: [unknown, string][] = [
      [{ webhook: { url: 'https://example.com/hook' } }, 'webhook.enabled'],
      [{ versionLifecycle: { enabled: true } }, 'versionLifecycle.retainLatestVersions'],
      [{ versionLifecycle: { enabled: true, retainLatestVersions: 0 } }, 'versionLifecycle.retainLatestVersions'],
      [{ environment: { variables: [{ name: '1BAD', value: 'x' }] } }, 'environment.variables[0].name'],
      [{ environment: { variables: Array.from({ length: 101 }, (_, i) => ({ name: `V${i}`, value: 'x' })) } }, 'environment.variables'],
      [{ secrets: { delete: ['A'] } }, 'secrets.upsert'],
      [{ webhook: { enabled: true, url: 'http://example.com/hook' } }, 'webhook.url'],
      [{ webhook: { enabled: true } }, 'webhook.url'],
      [{ webhook: { enabled: true, url: 'https://example.com', signingSecretAction: 'explode' } }, 'webhook.signingSecretAction'],
    ];
    for (const [patch, field] of cases) {
      const r = await app.api('PATCH', `/v1/deploys/${id}/settings`, patch);
      assert.equal(r.status, 400, `${JSON.stringify(patch)} → ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details?.field, field, JSON.stringify(r.body));
    }
    const saved = await app.api('PATCH', `/v1/deploys/${id}/settings`, {
      webhook: { enabled: true, url: 'https://hooks.example.com/folio', signingSecretAction: 'rotate' },
      versionLifecycle: { enabled: true, retainLatestVersions: 3 },
      environment: {
        variables: [
          { name: 'COMPANY', value: 'ACME' },
          { name: 'CURRENCY', value: 'EUR' },
        ],
      },
      secrets: { upsert: [{ name: 'API_TOKEN', value: 'super-secret-value' }] },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const s = saved.body.settings;
    assert.equal(s.webhook.enabled, true);
    assert.equal(s.webhook.signingSecretConfigured, true);
    assert.match(s.webhook.signingSecretPreview, /^whsec_…[A-Za-z0-9]{4}$/);
    assert.deepEqual(s.versionLifecycle, { enabled: true, retainLatestVersions: 3 });
    assert.deepEqual(
      s.environment.variables.map((v: { name: string; value: string }) => [v.name, v.value]),
      [
        ['COMPANY', 'ACME'],
        ['CURRENCY', 'EUR'],
      ],
    );
    assert.deepEqual(
      s.secrets.items.map((v: { name: string }) => v.name),
      ['API_TOKEN'],
    );
    assert.ok(!JSON.stringify(saved.body).includes('super-secret-value'), 'secret values are never returned');
    const row = await app.services.ctx.db.selectFrom('deploy_settings').selectAll().where('deploy_id', '=', id).executeTakeFirstOrThrow();
    // At rest the signing secret and the deploy secrets are encrypted (FOLIO_SECRETS_KEY); they open to the real values.
    const box = app.services.ctx.secrets;
    assert.match(row.signing_secret!, /^enc:v1:/);
    assert.match(box.open(row.signing_secret!), /^whsec_[A-Za-z0-9]{40}$/);
    assert.ok(!JSON.stringify(saved.body).includes(box.open(row.signing_secret!)), 'the signing secret is never returned');
    const storedSecret = await app.services.ctx.db
      .selectFrom('deploy_secrets')
      .select('value')
      .where('deploy_id', '=', id)
      .where('name', '=', 'API_TOKEN')
      .executeTakeFirstOrThrow();
    assert.match(storedSecret.value, /^enc:v1:/);
    assert.ok(!storedSecret.value.includes('super-secret-value'));
    assert.equal(box.open(storedSecret.value), 'super-secret-value');
    const account = await app.services.ctx.db
      .selectFrom('accounts')
      .select('webhook_secret')
      .where('id', '=', app.accountId)
      .executeTakeFirstOrThrow();
    assert.equal(row.previous_signing_secret, account.webhook_secret, 'on the first rotation the account secret keeps signing for 24 h');

    const rotated = await app.api('PATCH', `/v1/deploys/${id}/settings`, {
      webhook: { enabled: true, signingSecretAction: 'rotate' },
      environment: { variables: [{ name: 'CURRENCY', value: 'USD' }] },
      secrets: { upsert: [], delete: ['API_TOKEN'] },
    });
    assert.notEqual(rotated.body.settings.webhook.signingSecretPreview, s.webhook.signingSecretPreview);
    const row2 = await app.services.ctx.db.selectFrom('deploy_settings').selectAll().where('deploy_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row2.previous_signing_secret, row.signing_secret, 'the previous secret keeps signing for 24 h');
    assert.deepEqual(
      rotated.body.settings.environment.variables.map((v: { name: string }) => v.name),
      ['CURRENCY'],
    );
    assert.deepEqual(rotated.body.settings.secrets.items, []);
    const disabled = await app.api('PATCH', `/v1/deploys/${id}/settings`, { webhook: { enabled: false, signingSecretAction: 'disable' } });
    assert.equal(disabled.body.settings.webhook.signingSecretConfigured, false);
    assert.equal(disabled.body.settings.webhook.url, 'https://hooks.example.com/folio');
    assert.deepEqual(await app.api('GET', `/v1/deploys/${id}/settings`).then((r) => r.body), disabled.body);
  });

  test('version retention keeps the newest N plus aliased versions', async () => {
    const first = await deployFiles(app, { createDeploy: { slug: 'retain', name: 'Retain' } }, sampleBundle('r1'));
    const deployId = first.deployId;
    await app.api('PUT', `/v1/deploys/${deployId}/aliases/production`, { deployVersionId: first.version.id });
    await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { versionLifecycle: { enabled: true, retainLatestVersions: 2 } });
    for (let i = 2; i <= 5; i++) assert.equal((await deployFiles(app, { deployId }, sampleBundle(`r${i}`))).status, 201);
    const list = await app.api('GET', `/v1/deploys/${deployId}/versions`);
    assert.deepEqual(
      list.body.items.map((v: { versionNo: number }) => v.versionNo),
      [5, 4, 1],
    );
  });

  test('account and usage', async () => {
    const account = await app.api('GET', '/v1/account');
    assert.equal(account.status, 200);
    assert.equal(account.body.account.id, app.accountId);
    assert.equal(account.body.account.webhook.signingSecretConfigured, true);
    assert.match(account.body.account.webhook.signingSecretPreview, /^whsec_…/);
    const stored = (
      await app.services.ctx.db.selectFrom('accounts').select('webhook_secret').where('id', '=', app.accountId).executeTakeFirstOrThrow()
    ).webhook_secret;
    assert.match(stored, /^enc:v1:/, 'encrypted at rest');
    const secret = app.services.ctx.secrets.open(stored);
    assert.ok(!JSON.stringify(account.body).includes(secret));
    assert.ok(account.body.account.webhook.signingSecretPreview.endsWith(secret.slice(-4)), 'the preview is of the real secret');

    const usage = await app.api('GET', '/v1/usage');
    assert.equal(usage.status, 200);
    assert.equal(usage.headers['cache-control'], 'private, no-store');
    const commits = await app.services.ctx.db
      .selectFrom('deploy_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const meter = usage.body.usageMeters.find((m: { code: string }) => m.code === 'deploy_commits');
    assert.ok(meter.totalQuantity >= Number(commits.n), 'every commit counted (deleted versions stay counted)');
    const blobBytes = await app.services.ctx.db
      .selectFrom('account_blobs')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('account_id', '=', app.accountId)
      .executeTakeFirstOrThrow();
    assert.equal(usage.body.liveStorage.deployVersionStorageBytes, Number(blobBytes.n));
    assert.equal(usage.body.liveStorage.totalBytes, Number(blobBytes.n));
    assert.equal(usage.body.plan.key, 'unlimited');
    assert.equal(usage.body.uploadLimits.maxSingleFileBytes, 10485760);
    const now = new Date(app.clock.now());
    assert.equal(usage.body.period.start, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    assert.equal(usage.body.generatedAt, app.clock.now());
  });
});

describe('webhook URL policy at save time', () => {
  test('loopback, private, link-local, metadata and names resolving to them are refused at save time', async () => {
    // A resolver standing in for DNS: one name is loopback, one is public.
    const lookup: LookupAll = async (host) =>
      host === 'evil.example' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }];
    const app = await createTestApp({ lookup });
    try {
      const { body } = await app.api('POST', '/v1/deploys', { slug: 'hooks', name: 'Hooks' });
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/hook',
        'https://evil.example/hook',
        'https://[::1]/hook',
        'http://public.example/hook',
      ]) {
        const r = await app.api('PATCH', `/v1/deploys/${body.deploy.id}/settings`, { webhook: { enabled: true, url } });
        assert.equal(r.status, 400, `${url}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.details.field, 'webhook.url');
      }
      const ok = await app.api('PATCH', `/v1/deploys/${body.deploy.id}/settings`, {
        webhook: { enabled: true, url: 'https://public.example/hook' },
      });
      assert.equal(ok.status, 200);
    } finally {
      await app.close();
    }
  });
});
