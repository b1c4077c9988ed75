// The pure rules of a commit (src/domain/deploys/commit-check.ts): which requests form a valid version, which
// refusal comes first, and what a valid one yields for the render index and the version row.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkBlobsOwned,
  checkCommit,
  MAX_METADATA_JSON_LENGTH,
  type CommitPolicy,
  type CommitRequest,
  type MetadataValidator,
} from '../../src/domain/deploys/commit-check.js';

const h = (c: string) => c.repeat(64);
const UNLIMITED: CommitPolicy = { maxFilesPerDeployCommit: null, maxBytesPerDeployCommit: null, maxRenderTimeoutMs: null };

function request(over: Partial<CommitRequest['render']> = {}, entries?: CommitRequest['entries']): CommitRequest {
  return {
    entries: entries ?? [
      { path: 'index.html', blobHash: h('a'), size: 10 },
      { path: 'css/style.css', blobHash: h('b'), size: 5 },
    ],
    render: { route: '/', title: 'Invoice', ...over },
  };
}

/** The refusal's code, field and message, or 'ok'. */
function verdict(r: ReturnType<typeof checkCommit>) {
  return r.ok ? 'ok' : { code: r.code, field: r.details?.field, message: r.message };
}

describe('checkCommit: a valid commit', () => {
  test('normalises paths, defaults media types from the path, keeps the request order and sums the bytes', () => {
    const r = checkCommit(
      request({}, [
        { path: 'index.html', blobHash: h('a'), size: 10 },
        { path: '/data/raw.bin', blobHash: h('b'), size: 7, mime: 'application/x-custom' },
        { path: 'a.css', blobHash: h('c'), size: 3 },
      ]),
      UNLIMITED,
      null,
    );
    assert.ok(r.ok);
    assert.deepEqual(
      r.entries.map((e) => e.path),
      ['/index.html', '/data/raw.bin', '/a.css'],
    );
    assert.equal(r.entries[1].mime, 'application/x-custom', 'a given media type is kept');
    assert.match(r.entries[2].mime, /^text\/css/, 'a missing one comes from the extension');
    assert.equal(r.totalBytes, 20);
    assert.equal(r.entryPath, '/index.html');
    assert.equal(r.metadataJson, null);
  });

  test('entries keep the key order path, sha256, size, mime: the render index hash (and so the pack key) depends on it', () => {
    const r = checkCommit(request(), UNLIMITED, null);
    assert.ok(r.ok);
    for (const e of r.entries) assert.deepEqual(Object.keys(e), ['path', 'sha256', 'size', 'mime']);
    assert.equal(r.entries[0].sha256, h('a'), 'blobHash becomes sha256');
  });

  test('the route resolves to a file: itself, then .html, then index.html', () => {
    const files = [
      { path: 'index.html', blobHash: h('a'), size: 1 },
      { path: 'invoice.html', blobHash: h('b'), size: 1 },
    ];
    const entryOf = (route: string) => {
      const r = checkCommit(request({ route }, files), UNLIMITED, null);
      return r.ok ? r.entryPath : verdict(r);
    };
    assert.equal(entryOf('/'), '/index.html');
    assert.equal(entryOf('/invoice'), '/invoice.html');
    assert.equal(entryOf('/invoice.html'), '/invoice.html');
  });

  test('metadata is serialised once, after the validator accepted it', () => {
    const seen: unknown[] = [];
    const r = checkCommit(request({ metadata: { pdf: { format: 'A4' } } }), UNLIMITED, (m) => (seen.push(m), null));
    assert.ok(r.ok);
    assert.equal(r.metadataJson, '{"pdf":{"format":"A4"}}');
    assert.deepEqual(seen, [{ pdf: { format: 'A4' } }]);
    const none: unknown[] = [];
    checkCommit(request(), UNLIMITED, (m) => (none.push(m), null));
    assert.deepEqual(none, [], 'no metadata, no validator call');
  });

  test('limits are inclusive: exactly the plan’s files, bytes and timeout pass', () => {
    const r = checkCommit(
      request({ renderTimeoutMs: 5000 }),
      { maxFilesPerDeployCommit: 2, maxBytesPerDeployCommit: 15, maxRenderTimeoutMs: 5000 },
      null,
    );
    assert.equal(verdict(r), 'ok');
  });
});

describe('checkCommit: refusals', () => {
  const cases: [string, CommitRequest, CommitPolicy, { code: string; field?: string; message: RegExp | string }][] = [
    [
      'a path that leaves the bundle',
      request({}, [{ path: 'a/../../b.html', blobHash: h('a'), size: 1 }]),
      UNLIMITED,
      { code: 'invalid_path', field: 'entries[0].path', message: /^entries\[0\]\.path: / },
    ],
    [
      'a duplicate path (after normalisation)',
      request({}, [
        { path: 'index.html', blobHash: h('a'), size: 1 },
        { path: '/index.html', blobHash: h('b'), size: 1 },
      ]),
      UNLIMITED,
      { code: 'invalid_path', field: 'entries[1].path', message: 'entries[1].path: duplicate path /index.html' },
    ],
    [
      'an invalid media type',
      request({}, [{ path: 'index.html', blobHash: h('a'), size: 1, mime: 'not a type' }]),
      UNLIMITED,
      { code: 'invalid_request', field: 'entries[0].mime', message: 'entries[0].mime is not a valid media type' },
    ],
    [
      'no entries',
      request({}, []),
      UNLIMITED,
      { code: 'invalid_request', field: 'entries', message: 'entries must list at least one file' },
    ],
    [
      'more files than the plan allows',
      request(),
      { ...UNLIMITED, maxFilesPerDeployCommit: 1 },
      { code: 'deploy_commit_policy_limit_exceeded', message: 'the version has 2 files; the plan allows 1' },
    ],
    [
      'more bytes than the plan allows',
      request(),
      { ...UNLIMITED, maxBytesPerDeployCommit: 14 },
      { code: 'deploy_commit_policy_limit_exceeded', message: 'the version has 15 bytes; the plan allows 14' },
    ],
    [
      'a route without a leading slash',
      request({ route: 'index.html' }),
      UNLIMITED,
      { code: 'invalid_request', field: 'render.route', message: 'render.route must begin with "/"' },
    ],
    [
      'a route that resolves to no file',
      request({ route: '/nothing' }, [{ path: 'page.html', blobHash: h('a'), size: 1 }]),
      UNLIMITED,
      {
        code: 'invalid_request',
        field: 'render.route',
        message:
          'render.route /nothing resolves to no file of the version (tried /nothing, /nothing.html, index.html and the template extensions .hbs, .liquid, .njk, .mustache, .md)',
      },
    ],
    [
      'an unknown template engine',
      request({ engine: 'ejs' }),
      UNLIMITED,
      {
        code: 'invalid_request',
        field: 'render.engine',
        message: 'render.engine must be one of html, handlebars, liquid, nunjucks, mustache, markdown, docx; got "ejs"',
      },
    ],
    [
      'an entry with two engines',
      request({ engine: 'liquid' }, [{ path: 'index.hbs', blobHash: h('a'), size: 1 }]),
      UNLIMITED,
      {
        code: 'invalid_request',
        field: 'render.engine',
        message: 'render.engine is liquid but the entry index.hbs is a handlebars template (by its extension): name one engine',
      },
    ],
    [
      'an engine for an entry that is neither its template nor HTML',
      request({ engine: 'nunjucks', route: '/doc.txt' }, [{ path: 'doc.txt', blobHash: h('a'), size: 1 }]),
      UNLIMITED,
      {
        code: 'invalid_request',
        field: 'render.engine',
        message: 'render.engine nunjucks needs an entry ending in .njk, .nunjucks, .html, .htm',
      },
    ],
    [
      'a render timeout above the plan’s',
      request({ renderTimeoutMs: 5001 }),
      { ...UNLIMITED, maxRenderTimeoutMs: 5000 },
      { code: 'deploy_commit_policy_limit_exceeded', message: "render.renderTimeoutMs 5001 exceeds the plan's maxRenderTimeoutMs 5000" },
    ],
    [
      'metadata over 64 KiB as JSON',
      request({ metadata: { note: 'x'.repeat(MAX_METADATA_JSON_LENGTH) } }),
      UNLIMITED,
      { code: 'invalid_request', field: 'render.metadata', message: 'render.metadata must serialise to at most 64 KiB' },
    ],
  ];
  for (const [name, req, policy, expected] of cases) {
    test(name, () => {
      const r = checkCommit(req, policy, null);
      assert.ok(!r.ok, `${name} was accepted`);
      assert.equal(r.code, expected.code);
      assert.equal(r.details?.field, expected.field);
      if (typeof expected.message === 'string') assert.equal(r.message, expected.message);
      else assert.match(r.message, expected.message);
      if (expected.field === undefined) assert.equal('details' in r, false, 'no details object when there is no field');
    });
  }

  test('the metadata validator’s problem is the message', () => {
    const r = checkCommit(request({ metadata: { pdf: 1 } }), UNLIMITED, () => 'render.metadata.pdf: must be an object');
    assert.deepEqual(verdict(r), { code: 'invalid_request', field: 'render.metadata', message: 'render.metadata.pdf: must be an object' });
  });

  test('the first rule broken wins, in the documented order', () => {
    // A request that breaks every rule; each step repairs the rule that answered and looks at the next answer.
    const policy: CommitPolicy = { maxFilesPerDeployCommit: 1, maxBytesPerDeployCommit: 1, maxRenderTimeoutMs: 10 };
    const answer = (
      entries: CommitRequest['entries'],
      render: Partial<CommitRequest['render']>,
      validate: MetadataValidator = () => 'metadata refused',
    ) => {
      const r = checkCommit({ entries, render: { route: '/', title: 't', ...render } }, policy, validate);
      return r.ok ? 'ok' : r.message;
    };
    const page = { path: 'index.html', blobHash: h('a'), size: 1 };
    const style = { path: 'style.css', blobHash: h('b'), size: 1 };
    const bad = { route: 'x', renderTimeoutMs: 11, metadata: { x: 'y'.repeat(MAX_METADATA_JSON_LENGTH) } };
    assert.equal(
      answer(
        [
          { ...page, path: '../x' },
          { ...style, mime: '?' },
        ],
        bad,
      ),
      'entries[0].path: ".." segment',
    );
    assert.equal(answer([page, { ...style, mime: '?' }], bad), 'entries[1].mime is not a valid media type');
    assert.equal(answer([page, style], bad), 'the version has 2 files; the plan allows 1');
    assert.equal(answer([{ ...page, size: 2 }], bad), 'the version has 2 bytes; the plan allows 1');
    assert.equal(answer([page], bad), 'render.route must begin with "/"');
    assert.match(answer([page], { ...bad, route: '/nothing' }), /^render\.route \/nothing resolves to no file/);
    assert.equal(answer([page], { ...bad, route: '/' }), "render.renderTimeoutMs 11 exceeds the plan's maxRenderTimeoutMs 10");
    assert.equal(answer([page], { ...bad, route: '/', renderTimeoutMs: 10 }), 'metadata refused');
    assert.equal(
      answer([page], { ...bad, route: '/', renderTimeoutMs: 10 }, () => null),
      'render.metadata must serialise to at most 64 KiB',
    );
    assert.equal(
      answer([page], { route: '/', renderTimeoutMs: 10, metadata: { x: 1 } }, () => null),
      'ok',
    );
  });
});

describe('checkBlobsOwned', () => {
  const entries = [
    { path: 'a.html', sha256: h('a'), size: 1, mime: 'text/html' },
    { path: 'b.css', sha256: h('b'), size: 2, mime: 'text/css' },
    { path: 'c.js', sha256: h('c'), size: 3, mime: 'text/javascript' },
  ];

  test('null when the account owns every blob with the entry’s size', () => {
    assert.equal(
      checkBlobsOwned(
        entries,
        new Map([
          [h('a'), 1],
          [h('b'), 2],
          [h('c'), 3],
        ]),
      ),
      null,
    );
  });

  test('a blob not owned, or owned with another size, is missing; named in the request’s order', () => {
    const r = checkBlobsOwned(
      entries,
      new Map([
        [h('a'), 1],
        [h('b'), 20],
      ]),
    );
    assert.deepEqual(r, {
      ok: false,
      code: 'blob_missing',
      message: '2 entries name blobs this account has not uploaded (or with another size): b.css, c.js',
      details: {
        field: 'entries',
        missing: [
          { path: 'b.css', blobHash: h('b') },
          { path: 'c.js', blobHash: h('c') },
        ],
      },
    });
    assert.equal(
      checkBlobsOwned(entries.slice(0, 1), new Map())?.message,
      '1 entry names a blob this account has not uploaded (or with another size): a.html',
    );
  });

  test('the message names 5 paths, the details at most 100', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ path: `f${i}.txt`, sha256: h('d'), size: i, mime: 'text/plain' }));
    const r = checkBlobsOwned(many, new Map());
    assert.ok(r);
    assert.equal(
      r.message,
      '150 entries name blobs this account has not uploaded (or with another size): f0.txt, f1.txt, f2.txt, f3.txt, f4.txt',
    );
    assert.equal((r.details?.missing as unknown[]).length, 100);
  });
});
