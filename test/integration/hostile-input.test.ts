// No 500 for any input: bodies that used to reach a 500 or poison a version.
// - JSON nested thousands of levels deep (a render payload, the same with an Idempotency-Key, a commit's
//   render.metadata) overflowed the stack in canonicalize / the idempotency hash / JSON.stringify;
// - two paths differing only in lone UTF-16 surrogates both became "a\ufffd.html" in the database and hit
//   its UNIQUE constraint;
// - a media type with CR/LF inside a quoted parameter was accepted and then broke the Content-Type header of
//   every render of the version.
// Runs on SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_JSON_DEPTH } from '../../src/domain/json-depth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file, sampleBundle } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

/** `{"a":{"a":…1…}}` with `levels` objects, as text: JSON.stringify itself would overflow building it. */
const nestedText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** The same as a value `levels` deep (built iteratively). */
function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

function assertInvalid(res: { status: number; body: any; headers: Record<string, unknown> }, field: string | RegExp) {
  assert.equal(res.status, 400, JSON.stringify(res.body)?.slice(0, 500));
  assert.equal(res.body.error, 'invalid_request');
  if (typeof field === 'string') assert.equal(res.body.details?.field, field);
  else assert.match(res.body.details?.field ?? '', field);
  assert.ok(res.headers['x-request-id'], 'the uniform error carries x-request-id');
}

describe('hostile input', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    const d = await deployFiles(app, { createDeploy: { slug: 'hostile', name: 'Hostile' } }, sampleBundle());
    assert.equal(d.status, 201, JSON.stringify(d.body));
    deployId = d.deployId;
  });
  after(() => app.close());

  /** Opens a session for the sample bundle (its blobs are owned already) and answers its id and token. */
  async function session(files = sampleBundle()) {
    const s = await app.api('POST', '/v1/upload-sessions', { deployId, files: descriptors(files) });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    return { id: s.body.uploadSession.id as string, token: { 'x-upload-token': s.body.uploadToken as string } };
  }

  describe('JSON nested deeper than the limit', () => {
    const jobBody = (payloadText: string) => `{"deployId":"${deployId}","deployVersionId":"latest","payload":${payloadText}}`;

    test('a render payload 3,000 levels deep → 400 invalid_request naming the field and the limit', async () => {
      const res = await app.api('POST', '/v1/render-jobs', jobBody(nestedText(3000)));
      assertInvalid(res, /^payload/);
      assert.equal(res.body.details.maxDepth, MAX_JSON_DEPTH);
      assert.match(res.body.message, new RegExp(`${MAX_JSON_DEPTH} levels`));
    });

    test('the same with an Idempotency-Key → 400, and the key stays free for a fixed retry', async () => {
      const res = await app.api('POST', '/v1/render-jobs', jobBody(nestedText(3000)), { 'idempotency-key': 'deep-1' });
      assertInvalid(res, /^payload/);
      const ok = await app.api(
        'POST',
        '/v1/render-jobs',
        { deployId, deployVersionId: 'latest', payload: { fine: true } },
        { 'idempotency-key': 'deep-1' },
      );
      assert.equal(ok.status, 202, JSON.stringify(ok.body));
    });

    test('an array payload nested 100,000 levels → 400', async () => {
      const res = await app.api('POST', '/v1/render-jobs', jobBody('['.repeat(100_000) + ']'.repeat(100_000)));
      assertInvalid(res, /^payload/);
    });

    test('render.metadata 10,000 levels deep at commit → 400 naming render.metadata; the session stays open', async () => {
      const s = await session();
      const body = `{"entries":${JSON.stringify(entries(sampleBundle()))},"render":{"route":"/","title":"Deep","metadata":${nestedText(10_000)}}}`;
      const res = await app.api('POST', `/v1/upload-sessions/${s.id}/commit`, body, s.token);
      assertInvalid(res, 'render.metadata');
      const ok = await app.api(
        'POST',
        `/v1/upload-sessions/${s.id}/commit`,
        { entries: entries(sampleBundle()), render: { route: '/', title: 'Fine', metadata: { a: 1 } } },
        s.token,
      );
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
    });

    test('exactly at the limit is accepted (the body counts as level 1)', async () => {
      // body → payload: the payload may have MAX_JSON_DEPTH - 1 levels of its own.
      const atLimit = await app.api(
        'POST',
        '/v1/render-jobs',
        { deployId, deployVersionId: 'latest', payload: nested(MAX_JSON_DEPTH - 1) },
        { 'idempotency-key': 'at-limit' },
      );
      assert.equal(atLimit.status, 202, JSON.stringify(atLimit.body).slice(0, 300));
      const over = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: nested(MAX_JSON_DEPTH) });
      assertInvalid(over, /^payload/);
    });
  });

  describe('paths that are not well-formed Unicode', () => {
    // Two different lone surrogates: both have no UTF-8 form and used to be stored as the same U+FFFD.
    const lone = [file('a\ud800.html', '<p>one</p>'), file('a\udc00.html', '<p>two</p>')];

    test('at commit → 400 invalid_path (they used to collide in version_files: 500)', async () => {
      const s = await session();
      const res = await app.api(
        'POST',
        `/v1/upload-sessions/${s.id}/commit`,
        { entries: [...entries(sampleBundle()), ...entries(lone)], render: { route: '/', title: 'Lone' } },
        s.token,
      );
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error, 'invalid_path');
      assert.equal(res.body.details.field, 'entries[3].path');
      assert.match(res.body.message, /well-formed Unicode/);
    });

    test("in a session's descriptors → 400 invalid_path", async () => {
      const res = await app.api('POST', '/v1/upload-sessions', { deployId, files: descriptors([...sampleBundle(), lone[1]]) });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error, 'invalid_path');
      assert.equal(res.body.details.field, 'files[3].path');
    });

    test('a well-formed astral character (a surrogate pair) and U+FFFD itself are still accepted, as given', async () => {
      const ok = [file('emoji-😀.html', '<p>e</p>'), file('replacement-\ufffd.html', '<p>r</p>')];
      const d = await deployFiles(app, { deployId }, [...sampleBundle(), ...ok]);
      assert.equal(d.status, 201, JSON.stringify(d.body));
      const listed = await app.api('GET', `/v1/deploys/${deployId}/versions/${d.version.id}/files`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      const paths = listed.body.items.map((f: { path: string }) => f.path);
      for (const f of ok) assert.ok(paths.includes(`/${f.path}`), `${f.path} stored as given: ${paths}`);
    });
  });

  describe('media types are checked strictly (RFC 9110)', () => {
    const bad = [
      ['CR/LF inside a quoted parameter', 'text/html; charset="utf-8\r\nX-Injected: 1"'],
      ['CR/LF as whitespace before a parameter', 'text/html;\r\n charset=utf-8'],
      ['a control character in a token', 'text/html; charset=utf\u00018'],
      ['non-ASCII', 'text/html; charset=ütf-8'],
      ['an unterminated quote', 'text/html; charset="utf-8'],
    ];

    for (const [name, mime] of bad) {
      test(`commit entry mime with ${name} → 400 naming entries[i].mime`, async () => {
        const s = await session();
        const es = entries(sampleBundle()).map((e, i) => (i === 0 ? { ...e, mime } : e));
        const res = await app.api(
          'POST',
          `/v1/upload-sessions/${s.id}/commit`,
          { entries: es, render: { route: '/', title: 'Mime' } },
          s.token,
        );
        assertInvalid(res, 'entries[0].mime');
      });
    }

    test('a session descriptor mime with CR/LF → 400 naming files[i].mime', async () => {
      const files = descriptors(sampleBundle()).map((d, i) => (i === 1 ? { ...d, mime: bad[0][1] } : d));
      assertInvalid(await app.api('POST', '/v1/upload-sessions', { deployId, files }), 'files[1].mime');
    });

    test('a render job payloadMime with CR/LF → 400 naming payloadMime (it becomes the /__payload Content-Type)', async () => {
      const res = await app.api('POST', '/v1/render-jobs', {
        deployId,
        deployVersionId: 'latest',
        payload: 'x',
        payloadMime: 'text/plain; charset="utf-8\r\nX-Injected: 1"',
      });
      assertInvalid(res, 'payloadMime');
    });

    test('ordinary media types still pass: parameters, quoted values with escapes, +json', async () => {
      const s = await session();
      const mimes = ['text/html; charset=utf-8', 'text/css;charset="utf-8"', 'text/javascript; charset=utf-8; x="a \\"b\\""'];
      const es = entries(sampleBundle()).map((e, i) => ({ ...e, mime: mimes[i] }));
      const res = await app.api(
        'POST',
        `/v1/upload-sessions/${s.id}/commit`,
        { entries: es, render: { route: '/', title: 'Mime ok' } },
        s.token,
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const job = await app.api('POST', '/v1/render-jobs', {
        deployId,
        deployVersionId: 'latest',
        payload: { a: 1 },
        payloadMime: 'application/vnd.folio+json; charset=utf-8',
      });
      assert.equal(job.status, 202, JSON.stringify(job.body));
    });
  });
});
