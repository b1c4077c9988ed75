// Table-driven robustness test: malformed requests to every route of the served OpenAPI document must
// answer a 4xx with the uniform error body `{error, message, details?}` — never a 5xx. The route list and
// the body cases are derived from the document, so routes added later are covered without edits here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorCodes } from '../../src/errors/codes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file, sampleBundle, sha256 } from '../helpers/bundle.js';
import {
  assertClientError,
  assertUniformError,
  CaseLog,
  fetchOpenApi,
  fieldName,
  fields,
  fillPath,
  jsonBodySchema,
  label,
  operations,
  pathParamNames,
  queryParams,
  sampleValue,
  schemaType,
  send,
  show,
  WRONG_TYPE,
  deleteAt,
  setAt,
  bodyOptional,
  isPublic,
  type OpenApiDoc,
  type Operation,
  type Reply,
} from '../helpers/routes.js';

const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** Path values that must never reach a 5xx: unknown, huge, unicode, NUL, traversal, broken escapes. */
const BAD_PATH_VALUES: { name: string; value: string; idOnly?: boolean }[] = [
  { name: 'nope', value: 'nope', idOnly: true },
  { name: 'prefix + 500 chars', value: `dep_${'x'.repeat(500)}` },
  { name: '100 KB', value: 'x'.repeat(100 * 1024) },
  { name: 'unicode', value: encodeURIComponent('dép_ünïcødé_😀') },
  { name: '%00', value: '%00' },
  { name: 'id + %00', value: 'dep_%00' },
  { name: '..%2F..', value: '..%2F..' },
  { name: '..%2F..%2Fetc%2Fpasswd', value: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'lone %', value: '%' },
  { name: 'broken UTF-8 escape', value: '%E0%A4%A' },
  { name: 'space', value: '%20' },
];

const BAD_CURSORS: { name: string; value: string }[] = [
  { name: '!!!', value: '!!!' },
  { name: 'base64 of non-JSON', value: b64('not json at all') },
  { name: 'base64 JSON, numeric id / string v', value: b64('{"id":123,"v":"x"}') },
  { name: 'base64 JSON, object fields', value: b64('{"id":{"$gt":""},"v":{"n":1}}') },
  { name: 'base64 JSON, null fields', value: b64('{"id":null,"v":null}') },
  { name: 'base64 JSON, fractions', value: b64('{"id":1.5,"v":1.5}') },
  { name: 'base64 JSON array', value: b64('[1,2]') },
  { name: 'base64 JSON null', value: b64('null') },
  { name: 'base64 JSON string', value: b64('"dep_x"') },
  { name: '600 chars', value: 'a'.repeat(600) },
  { name: 'percent-encoded junk', value: '%FF%FE' },
];

const BAD_INTEGERS = ['0', 'abc', '1e9', '-1', '1.5', '99999999999999999999999', '', 'x'.repeat(100 * 1024)];

describe('malformed requests to every route', () => {
  let app: TestApp;
  let doc: OpenApiDoc;
  let ops: Operation[];
  /** Real ids, so requests get past "unknown parent" and reach the validation being tested. */
  let ids: Record<string, string>;
  let uploadToken: string;

  before(async () => {
    // The 401 test below sends ~4 wrong keys to every documented route from one address (inject's
    // 127.0.0.1): far past the default failed-auth burst (30), after which the answer is 429 auth_throttled
    // by design (failed authentication is limited per client address). That limit has its own test
    // (auth-throttle.test.ts); here the budget is raised through its documented setting so every route is
    // still proven to answer 401.
    app = await createTestApp({ env: { FOLIO_AUTH_FAILURE_BURST: '100000', FOLIO_AUTH_FAILURES_PER_MINUTE: '1000000' } });
    doc = await fetchOpenApi(app.server);
    ops = operations(doc);

    // A deploy with a committed version and an alias, plus an open session with one declared, unsent blob.
    const files = sampleBundle('malformed');
    const s1 = await app.api('POST', '/v1/upload-sessions', {
      createDeploy: { slug: 'malformed', name: 'Malformed' },
      files: descriptors(files),
    });
    assert.equal(s1.status, 201, JSON.stringify(s1.body));
    const deployId = s1.body.uploadSession.deployId as string;
    const tok1 = { 'x-upload-token': s1.body.uploadToken as string };
    for (const f of files) {
      const put = await app.server.inject({
        method: 'PUT',
        url: `/v1/upload-sessions/${s1.body.uploadSession.id}/blobs/${sha256(f.content)}`,
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/octet-stream', ...tok1 },
        payload: f.content,
      });
      assert.equal(put.statusCode, 200, put.body);
    }
    const c1 = await app.api(
      'POST',
      `/v1/upload-sessions/${s1.body.uploadSession.id}/commit`,
      { entries: entries(files), render: { route: '/', title: 'Malformed' } },
      tok1,
    );
    assert.equal(c1.status, 201, JSON.stringify(c1.body));
    const alias = await app.api('PUT', `/v1/deploys/${deployId}/aliases/preview`, { deployVersionId: c1.body.deployVersion.id });
    assert.equal(alias.status, 200, JSON.stringify(alias.body));

    const pending = file('pending.html', '<p>pending</p>');
    const s2 = await app.api('POST', '/v1/upload-sessions', { deployId, files: descriptors([pending]) });
    assert.equal(s2.status, 201, JSON.stringify(s2.body));
    uploadToken = s2.body.uploadToken;
    ids = {
      deployId,
      deployVersionId: c1.body.deployVersion.id,
      uploadSessionId: s2.body.uploadSession.id,
      sha256: sha256(pending.content),
      alias: 'preview',
    };
  });
  after(async () => {
    await app?.close();
  });

  /** Fills path params with the real ids (unknown names get a well-formed id that exists nowhere). */
  const pathOf = (o: Operation, override: Record<string, string> = {}) => {
    const values: Record<string, string> = {};
    for (const p of pathParamNames(o.path)) values[p] = override[p] ?? ids[p] ?? `${p.replace(/Id$/, '')}_0000000000000000000000000`;
    return fillPath(o.path, values);
  };

  const call = (
    o: Operation,
    opts: { url?: string; query?: string; payload?: string | Buffer; contentType?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${app.key}`, 'x-upload-token': uploadToken, ...opts.headers };
    if (opts.contentType) headers['content-type'] = opts.contentType;
    else if (opts.contentType === undefined && opts.payload !== undefined) headers['content-type'] = 'application/json';
    return send(app.server, {
      method: o.method,
      url: (opts.url ?? pathOf(o)) + (opts.query ? `?${opts.query}` : ''),
      headers,
      payload: opts.payload,
    });
  };

  /** 400 invalid_request, naming `field` in details when given. */
  const expectInvalid = (r: Reply, ctx: string, field?: string) => {
    assert.equal(r.status, 400, `${ctx}: expected 400 invalid_request, got ${show(r)}`);
    assertUniformError(r, ctx);
    assert.equal(r.body.error, 'invalid_request', `${ctx}: expected invalid_request, got ${show(r)}`);
    assert.equal(typeof r.body.details?.field, 'string', `${ctx}: details.field should name the failing field: ${show(r)}`);
    if (field !== undefined) assert.equal(r.body.details.field, field, `${ctx}: details.field: ${show(r)}`);
  };

  const bodyOps = () => ops.filter((o) => jsonBodySchema(doc, o.op));

  test('the OpenAPI document lists the routes (the derived tables are not empty)', () => {
    const names = ops.map(label);
    for (const known of [
      'POST /v1/deploys',
      'GET /v1/deploys',
      'PATCH /v1/deploys/{deployId}/settings',
      'POST /v1/upload-sessions',
      'PUT /v1/upload-sessions/{uploadSessionId}/blobs/{sha256}',
      'POST /v1/upload-sessions/{uploadSessionId}/commit',
      'GET /v1/usage',
    ]) {
      assert.ok(names.includes(known), `${known} missing from the OpenAPI document: ${names.join(', ')}`);
    }
    assert.ok(bodyOps().length >= 6, 'JSON body routes');
  });

  test('wrong JSON type for each body property → 400 invalid_request naming the field', async () => {
    const log = new CaseLog();
    for (const o of bodyOps()) {
      const schema = jsonBodySchema(doc, o.op)!;
      const sample = sampleValue(doc, schema);
      for (const f of fields(doc, schema)) {
        if (!f.type || !(f.type in WRONG_TYPE)) continue;
        const body = setAt(sample, f.path, WRONG_TYPE[f.type]);
        const ctx = `${label(o)} body ${fieldName(f.path)}=${JSON.stringify(WRONG_TYPE[f.type])} (${f.type} expected)`;
        await log.check(ctx, async () => expectInvalid(await call(o, { payload: JSON.stringify(body) }), ctx, fieldName(f.path)));
      }
    }
    log.assertNone(20);
  });

  test('each missing required body field → 400 invalid_request naming the field', async () => {
    const log = new CaseLog();
    for (const o of bodyOps()) {
      const schema = jsonBodySchema(doc, o.op)!;
      const sample = sampleValue(doc, schema);
      for (const f of fields(doc, schema).filter((x) => x.required)) {
        const ctx = `${label(o)} body without ${fieldName(f.path)}`;
        await log.check(ctx, async () =>
          expectInvalid(await call(o, { payload: JSON.stringify(deleteAt(sample, f.path)) }), ctx, fieldName(f.path)),
        );
      }
    }
    log.assertNone(10);
  });

  test('a 1 MB string in every string body field → 400 invalid_request or 413 body_too_large', async () => {
    const log = new CaseLog();
    const huge = 'a'.repeat(1_000_000);
    for (const o of bodyOps()) {
      const schema = jsonBodySchema(doc, o.op)!;
      const sample = sampleValue(doc, schema);
      for (const f of fields(doc, schema).filter((x) => schemaType(doc, x.schema) === 'string')) {
        const ctx = `${label(o)} body ${fieldName(f.path)}=<1 MB string>`;
        await log.check(ctx, async () => {
          const r = await call(o, { payload: JSON.stringify(setAt(sample, f.path, huge)) });
          if (r.status === 413) return assertUniformError(r, ctx);
          // Fields without a maxLength (a base64 payload) may legitimately be that long: never a 5xx.
          if (f.schema.maxLength === undefined) return assert.ok(r.status < 500, `${ctx}: ${show(r)}`);
          expectInvalid(r, ctx, fieldName(f.path));
        });
      }
    }
    log.assertNone(10);
  });

  test('bodies that are not a JSON object → 400 invalid_request (details.field "body")', async () => {
    const log = new CaseLog();
    const shapes: { name: string; payload: string; contentType?: string }[] = [
      { name: 'invalid JSON text', payload: '{"slug": "a", ' },
      { name: 'trailing garbage', payload: '{} xyz' },
      { name: 'single quotes', payload: "{'a': 1}" },
      { name: 'JSON array', payload: '[]' },
      { name: 'JSON array of objects', payload: '[{"files": []}]' },
      { name: 'JSON null', payload: 'null' },
      { name: 'JSON number', payload: '42' },
      { name: 'JSON string', payload: '"x"' },
      { name: 'JSON true', payload: 'true' },
      { name: 'empty body with JSON content type', payload: '' },
      { name: 'deeply nested arrays', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
      { name: '__proto__ key', payload: '{"__proto__": {"admin": true}}' },
      { name: 'BOM + invalid', payload: '\uFEFF{' },
    ];
    let count = 0;
    for (const o of bodyOps()) {
      for (const s of shapes) {
        // An optional body may be sent as JSON null (= no options).
        if (bodyOptional(o) && s.payload === 'null') continue;
        count++;
        const ctx = `${label(o)} ${s.name}`;
        await log.check(ctx, async () => expectInvalid(await call(o, { payload: s.payload, contentType: s.contentType }), ctx, 'body'));
      }
    }
    log.assertNone(count);
  });

  test('wrong or missing content type on JSON routes → 400 invalid_request or 415 unsupported_media_type', async () => {
    const log = new CaseLog();
    for (const o of bodyOps()) {
      const sample = JSON.stringify(sampleValue(doc, jsonBodySchema(doc, o.op)!));
      const cases: { name: string; payload?: string; contentType: string | null }[] = [
        { name: 'text/plain with a JSON text', payload: sample, contentType: 'text/plain' },
        { name: 'text/plain with prose', payload: 'hello', contentType: 'text/plain' },
        { name: 'application/octet-stream', payload: sample, contentType: 'application/octet-stream' },
        { name: 'application/x-www-form-urlencoded', payload: 'slug=a&name=b', contentType: 'application/x-www-form-urlencoded' },
        { name: 'multipart/form-data', payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
        { name: 'no body, no content type', contentType: null },
      ];
      for (const c of cases) {
        if (bodyOptional(o) && c.contentType === null) continue;
        const ctx = `${label(o)} ${c.name}`;
        await log.check(ctx, async () => {
          const r = await call(o, { payload: c.payload, contentType: c.contentType });
          assertClientError(r, ctx);
          assert.ok(
            ['invalid_request', 'unsupported_media_type'].includes(r.body.error),
            `${ctx}: expected 400 invalid_request or 415 unsupported_media_type, got ${show(r)}`,
          );
        });
      }
    }
    log.assertNone(bodyOps().length * 5);
  });

  test('a JSON body over the route limit → 413 body_too_large', async () => {
    const log = new CaseLog();
    const big = `{"x":"${'a'.repeat(32 * 1024 * 1024)}"}`;
    for (const o of bodyOps()) {
      const ctx = `${label(o)} 32 MiB JSON body`;
      await log.check(ctx, async () => {
        const r = await call(o, { payload: big });
        assert.equal(r.status, 413, `${ctx}: ${show(r)}`);
        assertUniformError(r, ctx);
        assert.equal(r.body.error, 'body_too_large', ctx);
      });
    }
    // Just over the default limit of ordinary routes.
    const limit = app.config.maxJsonBodyBytes;
    const justOver = JSON.stringify({ slug: 'x', name: 'n'.repeat(limit) });
    await log.check('POST /v1/deploys body of maxJsonBodyBytes + a few bytes', async () => {
      const r = await send(app.server, {
        method: 'POST',
        url: '/v1/deploys',
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
        payload: justOver,
      });
      assert.equal(r.status, 413, show(r));
      assertUniformError(r, 'POST /v1/deploys over the limit');
      assert.equal(r.body.error, 'body_too_large');
    });
    log.assertNone(bodyOps().length + 1);
  });

  test('bad path ids → 400 invalid_request or 404 *_not_found, never 405/5xx', async () => {
    const log = new CaseLog();
    for (const o of ops) {
      const schema = jsonBodySchema(doc, o.op);
      const payload = schema ? JSON.stringify(sampleValue(doc, schema)) : undefined;
      for (const p of pathParamNames(o.path)) {
        for (const bad of BAD_PATH_VALUES) {
          if (bad.idOnly && !/Id$/.test(p)) continue;
          const url = pathOf(o, { [p]: bad.value });
          const ctx = `${o.method} ${o.path} with ${p}=${bad.name}`;
          await log.check(ctx, async () => {
            const r = await call(o, { url, payload });
            assertClientError(r, ctx);
            const ok =
              (r.status === 400 && r.body.error === 'invalid_request') ||
              (r.status === 404 && /_not_found$/.test(r.body.error)) ||
              // A signed-URL token that fails verification is a refused link, whatever its shape.
              (isPublic(o) && r.status === 403 && r.body.error === 'link_invalid');
            assert.ok(ok, `${ctx}: expected 400 invalid_request or 404 *_not_found, got ${show(r)}`);
          });
        }
      }
    }
    log.assertNone(50);
  });

  test("well-formed unknown ids → 404 with the resource's *_not_found code", async () => {
    const log = new CaseLog();
    const codeFor: Record<string, string> = {
      deployId: 'deploy_not_found',
      deployVersionId: 'deploy_version_not_found',
      uploadSessionId: 'upload_session_not_found',
      jobId: 'render_job_not_found',
      pdfId: 'pdf_not_found',
      linkId: 'permanent_link_not_found',
      batchId: 'render_batch_not_found',
    };
    const unknown: Record<string, string> = {
      batchId: 'bat_01h0000000000000000000000',
      deployId: 'dep_01h0000000000000000000000',
      deployVersionId: 'ver_01h0000000000000000000000',
      uploadSessionId: 'ups_01h0000000000000000000000',
    };
    for (const o of ops) {
      const schema = jsonBodySchema(doc, o.op);
      const payload = schema ? JSON.stringify(sampleValue(doc, schema)) : undefined;
      for (const p of pathParamNames(o.path).filter((x) => x in codeFor)) {
        const ctx = `${o.method} ${o.path} with an unknown ${p}`;
        await log.check(ctx, async () => {
          // A valid body is only needed when the route validates the body before looking the id up.
          const r = await call(o, { url: pathOf(o, { [p]: unknown[p] ?? `${p.replace(/Id$/, '')}_01h0000000000000000000000` }), payload });
          if (r.status === 400 && payload !== undefined) return assertClientError(r, ctx);
          assert.equal(r.status, 404, `${ctx}: ${show(r)}`);
          assertUniformError(r, ctx);
          // A link id under an unknown PDF: the PDF is what is missing first.
          const accepted = p === 'linkId' ? [codeFor[p], 'pdf_not_found'] : [codeFor[p]];
          assert.ok(accepted.includes(r.body.error), `${ctx}: ${show(r)}`);
        });
      }
    }
    log.assertNone(10);
  });

  test('bad cursors and bad query values → 400 invalid_request naming the parameter', async () => {
    const log = new CaseLog();
    for (const o of ops) {
      for (const q of queryParams(o.op)) {
        const type = schemaType(doc, q.schema);
        const values: { name: string; value: string }[] =
          q.name === 'cursor'
            ? BAD_CURSORS
            : type === 'integer' || type === 'number'
              ? BAD_INTEGERS.filter((v) => !(v === '0' && (q.schema.minimum ?? 1) <= 0)).map((v) => ({
                  name: v.length > 40 ? `<${v.length} chars>` : JSON.stringify(v),
                  value: v,
                }))
              : [{ name: '<100 KB>', value: 'x'.repeat(100 * 1024) }];
        for (const v of values) {
          const ctx = `${o.method} ${o.path}?${q.name}=${v.name}`;
          await log.check(ctx, async () => {
            const r = await call(o, { query: `${q.name}=${v.value.startsWith('%') ? v.value : encodeURIComponent(v.value)}` });
            if (q.name === 'cursor' || type === 'integer' || type === 'number') expectInvalid(r, ctx, q.name);
            else assertClientError(r, ctx);
          });
        }
        if (type === 'integer') {
          const ctx = `${o.method} ${o.path}?${q.name}=1&${q.name}=2`;
          await log.check(ctx, async () => expectInvalid(await call(o, { query: `${q.name}=1&${q.name}=2` }), ctx, q.name));
        }
      }
    }
    log.assertNone(20);
  });

  test('missing or invalid API key on every route → 401 unauthorized', async () => {
    const log = new CaseLog();
    const authOps = ops.filter((o) => !isPublic(o));
    const auths: { name: string; value?: string }[] = [
      { name: 'no Authorization' },
      { name: 'unknown key', value: 'Bearer folio_sk_doesnotexist000000000000000000000000' },
      { name: 'Basic scheme', value: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { name: 'empty Bearer', value: 'Bearer ' },
      { name: 'huge key', value: `Bearer folio_sk_${'x'.repeat(8000)}` },
    ];
    for (const o of authOps) {
      const schema = jsonBodySchema(doc, o.op);
      const payload = schema ? JSON.stringify(sampleValue(doc, schema)) : undefined;
      for (const a of auths) {
        const ctx = `${label(o)} ${a.name}`;
        await log.check(ctx, async () => {
          const headers: Record<string, string> = { 'x-upload-token': uploadToken };
          if (payload !== undefined) headers['content-type'] = 'application/json';
          if (a.value !== undefined) headers.authorization = a.value;
          const r = await send(app.server, { method: o.method, url: pathOf(o), headers, payload });
          assert.equal(r.status, 401, `${ctx}: ${show(r)}`);
          assertUniformError(r, ctx);
          assert.equal(r.body.error, 'unauthorized', ctx);
        });
      }
    }
    log.assertNone(authOps.length * auths.length);
  });

  test('unknown routes → 404 route_not_found', async () => {
    const log = new CaseLog();
    const urls = [
      '/v1/nope',
      '/nope',
      '/v2/deploys',
      `/v1/deploys/${ids.deployId}/nope`,
      '/v1/deploys/a/b/c/d/e/f',
      '/v1/upload-sessions/x/blobs',
      `/v1/${'x'.repeat(10_000)}`,
      '/v1/%00',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'POST']) {
        const ctx = `${method} ${url.length > 80 ? `${url.slice(0, 40)}…` : url}`;
        await log.check(ctx, async () => {
          const r = await send(app.server, { method, url, headers: { authorization: `Bearer ${app.key}` } });
          assert.equal(r.status, 404, `${ctx}: ${show(r)}`);
          assertUniformError(r, ctx);
          assert.equal(r.body.error, 'route_not_found', ctx);
        });
      }
    }
    log.assertNone(urls.length * 2);
  });

  test('a URL with a broken percent-encoding → 400 invalid_request in the uniform body', async () => {
    for (const method of ['GET', 'POST']) {
      const r = await send(app.server, { method, url: '/v1/%', headers: { authorization: `Bearer ${app.key}` } });
      assert.equal(r.status, 400, show(r));
      assertUniformError(r, `${method} /v1/%`);
      assert.equal(r.body.error, 'invalid_request');
    }
  });

  test('a wrong method on a known path → 405 method_not_allowed with an Allow header', async () => {
    const log = new CaseLog();
    const byPath = new Map<string, string[]>();
    for (const o of ops) byPath.set(o.path, [...(byPath.get(o.path) ?? []), o.method]);
    for (const [path, methods] of byPath) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.includes(m))) {
        const ctx = `${method} ${path} (allowed: ${methods.join(', ')})`;
        await log.check(ctx, async () => {
          const r = await send(app.server, {
            method,
            url: pathOf({ method, path, op: {} }),
            headers: { authorization: `Bearer ${app.key}` },
          });
          assert.equal(r.status, 405, `${ctx}: ${show(r)}`);
          assertUniformError(r, ctx);
          assert.equal(r.body.error, 'method_not_allowed', ctx);
          const allow = String(r.headers.allow ?? '')
            .split(',')
            .map((m) => m.trim().toUpperCase())
            .filter(Boolean);
          for (const m of methods) assert.ok(allow.includes(m), `${ctx}: Allow "${r.headers.allow}" lacks ${m}`);
          assert.ok(!allow.includes(method), `${ctx}: Allow "${r.headers.allow}" lists the refused method`);
        });
      }
    }
    log.assertNone(10);
  });

  test('blob PUT: over 10 MiB → 400 upload_blob_too_large; odd bodies and content types → 4xx', async () => {
    const log = new CaseLog();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const small = big.subarray(0, 100);
    const twoMiB = Buffer.alloc(2 * 1024 * 1024, 3);
    const plain = Buffer.from('declared bytes sent as text/plain');
    const never = Buffer.from('declared, never uploaded: every odd request below must fail for it');
    const s = await app.api('POST', '/v1/upload-sessions', {
      deployId: ids.deployId,
      files: descriptors([file('big.bin', small), file('two.bin', twoMiB), file('plain.txt', plain), file('never.bin', never)]),
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const url = (hash: string) => `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${hash}`;
    const headers = (contentType?: string): Record<string, string> => ({
      authorization: `Bearer ${app.key}`,
      'x-upload-token': s.body.uploadToken,
      ...(contentType ? { 'content-type': contentType } : {}),
    });

    await log.check('PUT 10 MiB + 1 byte to a declared (100-byte) blob', async () => {
      const r = await send(app.server, {
        method: 'PUT',
        url: url(sha256(small)),
        headers: headers('application/octet-stream'),
        payload: big,
      });
      assert.equal(r.status, 400, show(r));
      assertUniformError(r, 'PUT over 10 MiB');
      assert.equal(r.body.error, 'upload_blob_too_large', show(r));
    });
    await log.check('PUT a declared 2 MiB blob (over the JSON body limit, under the blob limit) → 200', async () => {
      const r = await send(app.server, {
        method: 'PUT',
        url: url(sha256(twoMiB)),
        headers: headers('application/octet-stream'),
        payload: twoMiB,
      });
      assert.equal(r.status, 200, show(r));
    });
    // The route takes application/octet-stream only (interface: blob upload Content-Type).
    await log.check('PUT the declared bytes as text/plain → 400/415', async () => {
      const r = await send(app.server, { method: 'PUT', url: url(sha256(plain)), headers: headers('text/plain'), payload: plain });
      assertClientError(r, 'PUT blob as text/plain');
    });
    const odd: { name: string; contentType?: string; payload?: string | Buffer }[] = [
      { name: 'text/plain body', contentType: 'text/plain', payload: 'hello' },
      { name: 'JSON object body', contentType: 'application/json', payload: '{"a":1}' },
      { name: 'JSON null body', contentType: 'application/json', payload: 'null' },
      { name: 'invalid JSON with JSON content type', contentType: 'application/json', payload: '{' },
      { name: 'empty JSON body', contentType: 'application/json', payload: '' },
      { name: 'no content type, no body' },
      { name: 'no content type, some bytes', payload: never.subarray(0, 10) },
      { name: 'octet-stream, empty body', contentType: 'application/octet-stream', payload: '' },
      { name: 'octet-stream, truncated bytes', contentType: 'application/octet-stream', payload: never.subarray(0, never.length - 1) },
      { name: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'a=b' },
      { name: 'multipart body', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
    ];
    for (const c of odd) {
      const ctx = `PUT blob ${c.name}`;
      await log.check(ctx, async () =>
        assertClientError(
          await send(app.server, { method: 'PUT', url: url(sha256(never)), headers: headers(c.contentType), payload: c.payload }),
          ctx,
        ),
      );
    }
    for (const hash of ['nope', 'A'.repeat(64), 'a'.repeat(63), 'g'.repeat(64), `${'a'.repeat(64)}%00`]) {
      const ctx = `PUT blob at sha256=${hash}`;
      await log.check(ctx, async () => {
        const r = await send(app.server, { method: 'PUT', url: url(hash), headers: headers('application/octet-stream'), payload: small });
        assertClientError(r, ctx);
        assert.ok(r.status === 400 || r.status === 404 || r.status === 409, `${ctx}: ${show(r)}`);
      });
    }
    await log.check('the never-uploaded blob is still missing after the odd requests', async () => {
      const r = await app.api(
        'POST',
        `/v1/upload-sessions/${s.body.uploadSession.id}/missing-blobs`,
        { files: descriptors([file('never.bin', never)]) },
        { 'x-upload-token': s.body.uploadToken },
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.missingBlobs, [{ sha256: sha256(never) }]);
    });
    log.assertNone(15);
  });

  test('the uniform error check itself rejects a non-uniform body', () => {
    // Guards the helper: if it accepted anything, every test above would pass vacuously.
    assert.throws(() =>
      assertClientError(
        {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'x' },
          raw: '',
          headers: { 'content-type': 'application/json' },
        },
        'fastify default',
      ),
    );
    assert.throws(() =>
      assertClientError(
        { status: 500, body: { error: 'internal_error', message: 'x' }, raw: '', headers: { 'content-type': 'application/json' } },
        '5xx',
      ),
    );
    assert.throws(() =>
      assertClientError(
        { status: 404, body: { error: 'invalid_request', message: 'x' }, raw: '', headers: { 'content-type': 'application/json' } },
        'status mismatch',
      ),
    );
    assert.ok(Object.keys(errorCodes).length > 10);
  });
});
