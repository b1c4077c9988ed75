// Account isolation: every route, called with account B's key on account A's resources, answers 404 with
// the resource's `*_not_found` code (never 200 or 403, never A's data), and leaves A's resources as they
// were. Dedup of uploads is per account. The route list comes from the served OpenAPI document.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file, sampleBundle, sha256, type BundleFile } from '../helpers/bundle.js';
import {
  assertUniformError,
  CaseLog,
  fetchOpenApi,
  fillPath,
  jsonBodySchema,
  label,
  operations,
  pathParamNames,
  sampleValue,
  send,
  show,
  type OpenApiDoc,
  type Operation,
  type Reply,
} from '../helpers/routes.js';

/** The not-found code of each id path param; a route answers the code of its outermost id. */
const NOT_FOUND: Record<string, string> = {
  deployId: 'deploy_not_found',
  deployVersionId: 'deploy_version_not_found',
  uploadSessionId: 'upload_session_not_found',
  jobId: 'render_job_not_found',
  renderJobId: 'render_job_not_found',
  pdfId: 'pdf_not_found',
  linkId: 'permanent_link_not_found',
  batchId: 'render_batch_not_found',
};

describe('account isolation', () => {
  let app: TestApp;
  let doc: OpenApiDoc;
  let ops: Operation[];
  let keyB: string;
  let accountB: string;
  const files = sampleBundle('alpha-secret');
  const pendingFile = file('pending.html', '<p>alpha pending, never uploaded</p>');
  /** A's ids and other values that must never appear in a reply to B. */
  const a = {} as {
    deployId: string;
    v1: string;
    v2: string;
    treeHash: string;
    sessionId: string;
    token: string;
    slug: string;
    webhookUrl: string;
    envValue: string;
  };
  let snapshot: Record<string, unknown>;

  const asA = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => app.api(method, url, body, headers);
  const asB = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    app.api(method, url, body, { authorization: `Bearer ${keyB}`, ...headers });

  async function upload(as: typeof asA, target: object, bundle: BundleFile[]) {
    const s = await as('POST', '/v1/upload-sessions', { ...target, files: descriptors(bundle) });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const id = s.body.uploadSession.id as string;
    const token = s.body.uploadToken as string;
    const missing = await as(
      'POST',
      `/v1/upload-sessions/${id}/missing-blobs`,
      { files: descriptors(bundle) },
      { 'x-upload-token': token },
    );
    assert.equal(missing.status, 200, JSON.stringify(missing.body));
    const need = new Set(missing.body.missingBlobs.map((m: { sha256: string }) => m.sha256));
    for (const f of bundle.filter((x) => need.has(sha256(x.content)))) {
      const auth = as === asA ? app.key : keyB;
      const put = await send(app.server, {
        method: 'PUT',
        url: `/v1/upload-sessions/${id}/blobs/${sha256(f.content)}`,
        headers: { authorization: `Bearer ${auth}`, 'x-upload-token': token, 'content-type': 'application/octet-stream' },
        payload: f.content,
      });
      assert.equal(put.status, 200, show(put));
    }
    const c = await as(
      'POST',
      `/v1/upload-sessions/${id}/commit`,
      { entries: entries(bundle), render: { route: '/', title: 'Alpha' } },
      { 'x-upload-token': token },
    );
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return { id, token, deployId: s.body.uploadSession.deployId as string, version: c.body.deployVersion };
  }

  /** Everything of A that B's calls could change. */
  async function stateOfA() {
    const out: Record<string, unknown> = {};
    for (const url of [
      `/v1/deploys/${a.deployId}`,
      `/v1/deploys/${a.deployId}/versions`,
      `/v1/deploys/${a.deployId}/versions/${a.v1}`,
      `/v1/deploys/${a.deployId}/versions/${a.v2}`,
      `/v1/deploys/${a.deployId}/settings`,
      '/v1/deploys',
      '/v1/account',
    ]) {
      const r = await asA('GET', url);
      out[url] = { status: r.status, body: r.body };
    }
    const missing = await asA(
      'POST',
      `/v1/upload-sessions/${a.sessionId}/missing-blobs`,
      { files: descriptors([...files, pendingFile]) },
      { 'x-upload-token': a.token },
    );
    out.missing = { status: missing.status, body: missing.body };
    return out;
  }

  before(async () => {
    app = await createTestApp();
    doc = await fetchOpenApi(app.server);
    ops = operations(doc);
    const b = await app.services.accounts.create({ name: 'Bravo' });
    keyB = b.apiKey;
    accountB = b.accountId;

    a.slug = 'alpha-secret-slug';
    const first = await upload(asA, { createDeploy: { slug: a.slug, name: 'Alpha Secret Name' } }, files);
    a.deployId = first.deployId;
    a.v1 = first.version.id;
    a.treeHash = first.version.treeHash;
    const second = await upload(asA, { deployId: a.deployId }, [...files, file('extra.html', '<p>alpha extra</p>')]);
    a.v2 = second.version.id;
    for (const [alias, target] of [
      ['preview', a.v1],
      ['production', 'latest'],
    ]) {
      const r = await asA('PUT', `/v1/deploys/${a.deployId}/aliases/${alias}`, { deployVersionId: target });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    a.webhookUrl = 'https://alpha-secret-hooks.example.com/folio';
    a.envValue = 'alpha-secret-env-value';
    const settings = await asA('PATCH', `/v1/deploys/${a.deployId}/settings`, {
      webhook: { enabled: true, url: a.webhookUrl, signingSecretAction: 'rotate' },
      versionLifecycle: { enabled: false, retainLatestVersions: 10 },
      environment: { variables: [{ name: 'ALPHA_VAR', value: a.envValue }] },
      secrets: { upsert: [{ name: 'ALPHA_SECRET', value: 'alpha-secret-secret-value' }] },
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    // An open session: the bundle's blobs are present for A, `pending.html` is declared but not uploaded.
    const s = await asA('POST', '/v1/upload-sessions', { deployId: a.deployId, files: descriptors([...files, pendingFile]) });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    a.sessionId = s.body.uploadSession.id;
    a.token = s.body.uploadToken;
    snapshot = await stateOfA();
  });
  after(async () => {
    await app?.close();
  });

  /** Strings of A that no reply to B may contain. */
  const secretsOfA = () => [
    a.deployId,
    a.v1,
    a.v2,
    a.treeHash,
    a.sessionId,
    a.slug,
    'Alpha Secret Name',
    a.webhookUrl,
    a.envValue,
    'alpha-secret-secret-value',
    'ALPHA_VAR',
    app.accountId,
  ];

  /** Fails when the reply contains a value of A that B did not send itself (echoing B's own input is fine). */
  function assertNoLeak(r: Reply, ctx: string, sent = '') {
    const text = JSON.stringify(r.body ?? '') + JSON.stringify(r.headers);
    for (const s of secretsOfA().filter((x) => !sent.includes(x)))
      assert.ok(!text.includes(s), `${ctx}: the reply to B contains A's "${s}": ${show(r)}`);
  }

  /** A body that passes validation, so the route reaches its lookup of A's resource. */
  function bodyFor(o: Operation): { payload?: string | Buffer; contentType?: string } {
    if (o.method === 'PUT' && o.path.endsWith('/blobs/{sha256}'))
      return { payload: pendingFile.content, contentType: 'application/octet-stream' };
    const schema = jsonBodySchema(doc, o.op);
    if (!schema) return {};
    const known: Record<string, unknown> = {
      'PATCH /v1/deploys/{deployId}': { name: 'Hijacked by B', slug: 'hijacked' },
      'PUT /v1/deploys/{deployId}/aliases/{alias}': { deployVersionId: a.v2 },
      'POST /v1/deploys/{deployId}/aliases/{alias}': { deployVersionId: a.v2 },
      'PATCH /v1/deploys/{deployId}/settings': {
        webhook: { enabled: false, signingSecretAction: 'disable' },
        environment: { variables: [] },
        secrets: { upsert: [], delete: ['ALPHA_SECRET'] },
      },
      'POST /v1/upload-sessions': { deployId: a.deployId, files: descriptors(files) },
      'POST /v1/upload-sessions/{uploadSessionId}/missing-blobs': { files: descriptors([...files, pendingFile]) },
      'POST /v1/upload-sessions/{uploadSessionId}/commit': { entries: entries(files), render: { route: '/', title: 'Hijacked' } },
    };
    let body = known[label(o)];
    if (body === undefined) {
      // Routes added later: a schema-valid sample naming A's deploy and version wherever the body has those fields.
      const sample = sampleValue(doc, schema) as Record<string, unknown>;
      if (sample && typeof sample === 'object') {
        if ('deployId' in sample) sample.deployId = a.deployId;
        if ('deployVersionId' in sample) sample.deployVersionId = a.v2;
        // A URL source is the alternative to a deploy: a body naming A's deploy sends none.
        if ('deployId' in sample) delete sample.source;
      }
      body = sample;
    }
    return { payload: JSON.stringify(body), contentType: 'application/json' };
  }

  const pathValuesOfA = (): Record<string, string> => ({
    deployId: a.deployId,
    deployVersionId: a.v2,
    uploadSessionId: a.sessionId,
    sha256: sha256(pendingFile.content),
    alias: 'preview',
  });

  function fill(o: Operation, values: Record<string, string>) {
    const all: Record<string, string> = {};
    for (const p of pathParamNames(o.path)) all[p] = values[p] ?? `${p.replace(/Id$/, '')}_01h0000000000000000000000`;
    return fillPath(o.path, all);
  }

  async function callAsB(o: Operation, url: string) {
    const { payload, contentType } = bodyFor(o);
    const headers: Record<string, string> = { authorization: `Bearer ${keyB}`, 'x-upload-token': a.token };
    if (contentType) headers['content-type'] = contentType;
    const r = await send(app.server, { method: o.method, url, headers, payload });
    return { ...r, sent: `${url} ${typeof payload === 'string' ? payload : ''}` };
  }

  test("the OpenAPI document lists routes on A's resources (the table is not empty)", () => {
    const withIds = ops.filter((o) => pathParamNames(o.path).some((p) => p in NOT_FOUND));
    assert.ok(withIds.length >= 12, `only ${withIds.length} routes with id params: ${ops.map(label).join(', ')}`);
  });

  test("every route on A's resources answers B with 404 and the resource's *_not_found code", async () => {
    const log = new CaseLog();
    for (const o of ops) {
      const params = pathParamNames(o.path);
      const outer = params.find((p) => p in NOT_FOUND);
      const { payload } = bodyFor(o);
      const bodyNamesDeploy = typeof payload === 'string' && payload.includes(a.deployId);
      if (!outer && !bodyNamesDeploy) continue;
      const ctx = `${label(o)} as B on A's ${outer ?? 'deployId (body)'}`;
      await log.check(ctx, async () => {
        const r = await callAsB(o, fill(o, pathValuesOfA()));
        assert.equal(r.status, 404, `${ctx}: expected 404, got ${show(r)}`);
        assertUniformError(r, ctx);
        assert.equal(r.body.error, outer ? NOT_FOUND[outer] : 'deploy_not_found', `${ctx}: ${show(r)}`);
        assertNoLeak(r, ctx, r.sent);
      });
    }
    log.assertNone(12);
  });

  test("B's own deploy with A's version id → 404 deploy_version_not_found (paths and alias bodies)", async () => {
    const log = new CaseLog();
    const own = await asB('POST', '/v1/deploys', { slug: 'bravo-own', name: 'Bravo own' });
    assert.equal(own.status, 201, JSON.stringify(own.body));
    const bDeploy = own.body.deploy.id as string;
    for (const o of ops.filter((x) => pathParamNames(x.path).includes('deployVersionId'))) {
      const ctx = `${label(o)} as B: B's deploy, A's version`;
      await log.check(ctx, async () => {
        const r = await callAsB(o, fill(o, { ...pathValuesOfA(), deployId: bDeploy, deployVersionId: a.v1 }));
        assert.equal(r.status, 404, `${ctx}: ${show(r)}`);
        assertUniformError(r, ctx);
        assert.equal(r.body.error, 'deploy_version_not_found', `${ctx}: ${show(r)}`);
        assertNoLeak(r, ctx, r.sent);
      });
    }
    for (const method of ['PUT', 'POST']) {
      for (const target of [a.v1, a.v2]) {
        const ctx = `${method} /v1/deploys/{B's deploy}/aliases/preview as B with A's deployVersionId`;
        await log.check(ctx, async () => {
          const r = await asB(method, `/v1/deploys/${bDeploy}/aliases/preview`, { deployVersionId: target });
          assert.equal(r.status, 404, `${ctx}: ${JSON.stringify(r.body)}`);
          assert.equal(r.body.error, 'deploy_version_not_found', `${ctx}: ${JSON.stringify(r.body)}`);
        });
      }
    }
    log.assertNone(4);
  });

  test('routes without ids never show B anything of A', async () => {
    const log = new CaseLog();
    for (const o of ops.filter((x) => pathParamNames(x.path).length === 0)) {
      const { payload } = bodyFor(o);
      if (typeof payload === 'string' && payload.includes(a.deployId)) continue; // covered by the 404 test
      const ctx = `${label(o)} as B`;
      await log.check(ctx, async () => {
        const r = await callAsB(o, o.path);
        assert.ok(r.status < 500, `${ctx}: ${show(r)}`);
        assertNoLeak(r, ctx, r.sent);
      });
    }
    await log.check("GET /v1/deploys as B lists only B's deploys", async () => {
      const r = await asB('GET', '/v1/deploys?limit=100');
      assert.equal(r.status, 200);
      const mine = await app.services.deploys.list(accountB, { limit: 100 });
      assert.deepEqual(new Set(r.body.items.map((d: { id: string }) => d.id)), new Set(mine.items.map((d: { id: string }) => d.id)));
    });
    await log.check("GET /v1/account as B is B's account", async () => {
      const r = await asB('GET', '/v1/account');
      assert.equal(r.status, 200);
      assert.equal(r.body.account.id, accountB);
    });
    await log.check("GET /v1/usage as B counts none of A's commits or storage", async () => {
      const r = await asB('GET', '/v1/usage');
      assert.equal(r.status, 200);
      assert.equal(r.body.liveStorage.deployVersionStorageBytes, 0, JSON.stringify(r.body.liveStorage));
      const commits = r.body.usageMeters.find((m: { code: string }) => m.code === 'deploy_commits');
      assert.equal(commits?.totalQuantity ?? 0, 0, JSON.stringify(r.body.usageMeters));
    });
    await log.check("B may use A's slug (slugs are unique per account; a 409 would reveal A's slug)", async () => {
      const r = await asB('POST', '/v1/deploys', { slug: a.slug, name: 'Bravo' });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    });
    log.assertNone(4);
  });

  test("A's resources are unchanged after all of B's calls", async () => {
    for (const [key, v] of Object.entries(snapshot))
      assert.equal((v as { status: number }).status, 200, `A's ${key} before B's calls: ${JSON.stringify(v)}`);
    assert.deepEqual((snapshot.missing as { body: { missingBlobs: unknown } }).body.missingBlobs, [
      { sha256: sha256(pendingFile.content) },
    ]);
    const now = await stateOfA();
    for (const key of Object.keys(snapshot)) assert.deepEqual(now[key], snapshot[key], `A's ${key} changed after B's calls`);
    // And A's open session still works for A.
    const put = await send(app.server, {
      method: 'PUT',
      url: `/v1/upload-sessions/${a.sessionId}/blobs/${sha256(pendingFile.content)}`,
      headers: { authorization: `Bearer ${app.key}`, 'x-upload-token': a.token, 'content-type': 'application/octet-stream' },
      payload: pendingFile.content,
    });
    assert.equal(put.status, 200, show(put));
    assert.equal(put.body.alreadyPresent, false, "B's PUT on A's session must not have stored the blob");
  });

  test("dedup is per account: B must upload bytes A already has, and cannot commit A's blobs", async () => {
    const s = await asB('POST', '/v1/upload-sessions', {
      createDeploy: { slug: 'bravo-dedup', name: 'Bravo dedup' },
      files: descriptors(files),
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const id = s.body.uploadSession.id as string;
    const tok = { 'x-upload-token': s.body.uploadToken as string };

    const missing = await asB('POST', `/v1/upload-sessions/${id}/missing-blobs`, { files: descriptors(files) }, tok);
    assert.equal(missing.status, 200, JSON.stringify(missing.body));
    assert.deepEqual(
      new Set(missing.body.missingBlobs.map((m: { sha256: string }) => m.sha256)),
      new Set(files.map((f) => sha256(f.content))),
      'every blob A uploaded is missing for B',
    );

    const commitEarly = await asB(
      'POST',
      `/v1/upload-sessions/${id}/commit`,
      { entries: entries(files), render: { route: '/', title: 'B' } },
      tok,
    );
    assert.equal(commitEarly.status, 400, JSON.stringify(commitEarly.body));
    assert.equal(commitEarly.body.error, 'blob_missing');

    // A commit naming a blob only A has (not even declared in B's session) is refused too.
    const onlyA = file('extra.html', '<p>alpha extra</p>');
    const foreign = await asB(
      'POST',
      `/v1/upload-sessions/${id}/commit`,
      { entries: entries([onlyA]), render: { route: '/extra.html', title: 'B' } },
      tok,
    );
    assert.equal(foreign.status, 400, JSON.stringify(foreign.body));
    assert.equal(foreign.body.error, 'blob_missing');

    // B uploads the bytes; the first upload is new for B (true would reveal that another account has them).
    for (const f of files) {
      const put = await send(app.server, {
        method: 'PUT',
        url: `/v1/upload-sessions/${id}/blobs/${sha256(f.content)}`,
        headers: { authorization: `Bearer ${keyB}`, 'content-type': 'application/octet-stream', ...tok },
        payload: f.content,
      });
      assert.equal(put.status, 200, show(put));
      assert.equal(put.body.alreadyPresent, false, `${f.path}: alreadyPresent for B's first upload`);
    }
    const after = await asB('POST', `/v1/upload-sessions/${id}/missing-blobs`, { files: descriptors(files) }, tok);
    assert.deepEqual(after.body.missingBlobs, []);
    const commit = await asB(
      'POST',
      `/v1/upload-sessions/${id}/commit`,
      { entries: entries(files), render: { route: '/', title: 'B' } },
      tok,
    );
    assert.equal(commit.status, 201, JSON.stringify(commit.body));
    assert.equal(commit.body.deployVersion.treeHash, a.treeHash, 'the same files give the same treeHash in every deploy');
  });
});
