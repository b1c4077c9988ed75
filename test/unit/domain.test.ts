import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { decodeCursor, encodeCursor } from '../../src/domain/cursor.js';
import { normalizeBundlePath, resolveRoute } from '../../src/domain/deploys/file-paths.js';
import { isId, newId } from '../../src/domain/ids.js';
import { isValidMime, mimeForPath } from '../../src/domain/deploys/mime.js';
import { periodAt, secondsToPeriodEnd } from '../../src/domain/accounts/period.js';
import { builtInPlans, documentPagesLimit, MAX_DOCUMENT_PAGES_CEILING, mergePlans } from '../../src/domain/accounts/plans.js';
import { decodePack, encodePackHeader } from '../../src/domain/deploys/render-pack.js';
import { maskSecret, newApiKey, randomBase62 } from '../../src/domain/accounts/tokens.js';
import { displayId, treeHash } from '../../src/domain/deploys/tree-hash.js';

describe('ids', () => {
  test('TypeID shape and time order, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId('job', 1_800_000_000_000));
    for (const id of ids) assert.ok(isId('job', id), id);
    assert.deepEqual([...ids].sort(), ids, 'same-millisecond ids stay ordered');
    assert.ok(newId('job', 1_800_000_000_001) > ids[ids.length - 1]);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(isId('dep', ids[0]), false);
  });
});

describe('tree hash and display id', () => {
  test('matches the formula of decisions.md and ignores entry order', () => {
    const entries = [
      { path: '/b.css', sha256: 'b'.repeat(64), size: 2 },
      { path: '/a.html', sha256: 'a'.repeat(64), size: 1 },
    ];
    const expected = createHash('sha256')
      .update(['/a.html', 'a'.repeat(64), '1\n/b.css', 'b'.repeat(64), '2\n'].join('\u0000'))
      .digest('hex');
    assert.equal(treeHash(entries), expected);
    assert.equal(treeHash([...entries].reverse()), expected);
    assert.equal(displayId(12, expected), `v12-${expected.slice(0, 7)}`);
  });
});

describe('bundle paths', () => {
  test('normalises good paths and refuses dangerous ones', () => {
    assert.deepEqual(normalizeBundlePath('index.html'), { ok: true, path: '/index.html' });
    assert.deepEqual(normalizeBundlePath('/css/site.css'), { ok: true, path: '/css/site.css' });
    for (const bad of [
      '',
      '../x',
      'a/../b',
      'a//b',
      'a/./b',
      'a\\b',
      'a\0b',
      '//host/x',
      'C:/x',
      'file:///etc/passwd',
      'dir/',
      'x'.repeat(1025),
      'a\nb',
    ]) {
      assert.equal(normalizeBundlePath(bad).ok, false, JSON.stringify(bad));
    }
  });
  test('route resolution', () => {
    const files = new Set(['/index.html', '/invoice.html', '/docs/index.html', '/a.html']);
    const has = (p: string) => files.has(p);
    assert.equal(resolveRoute('/', has), '/index.html');
    assert.equal(resolveRoute('/invoice', has), '/invoice.html');
    assert.equal(resolveRoute('/docs/', has), '/docs/index.html');
    assert.equal(resolveRoute('/docs', has), '/docs/index.html');
    assert.equal(resolveRoute('/a.html?x=1', has), '/a.html');
    assert.equal(resolveRoute('/missing', has), null);
    assert.equal(resolveRoute('index.html', has), null);
    assert.equal(resolveRoute('/../index.html', has), null);
  });
});

describe('cursor', () => {
  test('round-trips and rejects tampering', () => {
    const c = encodeCursor({ id: 'dep_x' });
    assert.deepEqual(decodeCursor(c, { id: 'string' }), { id: 'dep_x' });
    assert.equal(decodeCursor('!!!', { id: 'string' }), null);
    assert.equal(decodeCursor(Buffer.from('not json').toString('base64url'), { id: 'string' }), null);
    assert.equal(decodeCursor(encodeCursor({ id: 5 }), { id: 'string' }), null);
    assert.equal(decodeCursor(encodeCursor({ v: 'x' }), { v: 'number' }), null);
  });
});

describe('periods', () => {
  test('calendar months in UTC', () => {
    const p = periodAt(Date.UTC(2026, 11, 31, 23, 59, 59));
    assert.equal(p.start, Date.UTC(2026, 11, 1));
    assert.equal(p.end, Date.UTC(2027, 0, 1));
    assert.equal(p.usageDayStart, '2026-12-01');
    assert.equal(p.usageDayEndExclusive, '2027-01-01');
    assert.equal(secondsToPeriodEnd(Date.UTC(2026, 11, 31, 23, 59, 0)), 60);
  });
});

describe('plans', () => {
  test('built-ins have every policy field; a plans file overrides and adds', () => {
    // Every built-in plan sets every policy field (null = unlimited), so a field added to one is added to all.
    const fields = Object.keys(builtInPlans.free.policy).sort();
    assert.ok(fields.length >= 16);
    for (const p of Object.values(builtInPlans)) {
      assert.deepEqual(Object.keys(p.policy).sort(), fields, p.key);
      for (const [k, v] of Object.entries(p.policy)) assert.notEqual(v, undefined, `${p.key}.${k}`);
    }
    const merged = mergePlans({
      free: { policy: { maxRenderJobsPerBillPeriod: 3 } },
      team: { name: 'Team', monthlyPriceCents: 9900, policy: { maxConcurrentRenderJobs: 4 } },
    });
    assert.equal(merged.free.policy.maxRenderJobsPerBillPeriod, 3);
    assert.equal(merged.free.policy.maxDeployCommitsPerBillPeriod, builtInPlans.free.policy.maxDeployCommitsPerBillPeriod);
    assert.equal(merged.team.policy.maxConcurrentRenderJobs, 4);
    assert.equal(merged.team.policy.storageLimitBytes, null);
    assert.throws(() => mergePlans({ x: { name: 'X', policy: { maxRenderJobsPerBillPeriod: -1 } } }), /non-negative/);
    assert.throws(() => mergePlans({ x: { name: 'X', policy: { bogus: 1 } } }), /unknown policy field/);
    assert.throws(() => mergePlans([]), /JSON object/);
    // A long document's page limit: the plan's, never past the ceiling; null is the ceiling.
    assert.equal(documentPagesLimit(builtInPlans.free.policy), 5000);
    assert.equal(documentPagesLimit(builtInPlans.unlimited.policy), MAX_DOCUMENT_PAGES_CEILING);
    assert.equal(documentPagesLimit({ maxDocumentPages: 250_000 }), 100_000);
  });
});

describe('render pack', () => {
  test('header + bytes round-trip', () => {
    const files = [
      { path: '/a.html', body: Buffer.from('<p>a</p>'), mime: 'text/html' },
      { path: '/b.bin', body: Buffer.from([0, 1, 2, 255]), mime: 'application/octet-stream' },
    ];
    const entries = files.map((f) => ({
      path: f.path,
      sha256: createHash('sha256').update(f.body).digest('hex'),
      size: f.body.length,
      mime: f.mime,
    }));
    const pack = Buffer.concat([encodePackHeader(entries), ...files.map((f) => f.body)]);
    const decoded = decodePack(pack);
    assert.deepEqual(decoded.files.get('/b.bin')!.body, files[1].body);
    assert.equal(decoded.files.get('/a.html')!.mime, 'text/html');
    assert.throws(() => decodePack(pack.subarray(0, pack.length - 1)), /truncated/);
    assert.throws(() => decodePack(Buffer.from('nope')), /not a Folio render pack/);
  });
});

describe('tokens and mime', () => {
  test('keys, masking, base62', () => {
    assert.match(newApiKey(), /^folio_sk_[A-Za-z0-9]{40}$/);
    assert.match(randomBase62(100), /^[A-Za-z0-9]{100}$/);
    assert.equal(maskSecret('whsec_abcdefgh1234'), 'whsec_…1234');
  });
  test('mime defaults and validation', () => {
    assert.equal(mimeForPath('/x/app.MJS'), 'text/javascript; charset=utf-8');
    assert.equal(mimeForPath('/noext'), 'application/octet-stream');
    // Template sources are text in their language, not bytes.
    assert.equal(mimeForPath('/index.hbs'), 'text/x-handlebars-template; charset=utf-8');
    assert.equal(mimeForPath('/invoice.njk'), 'text/x-nunjucks; charset=utf-8');
    assert.equal(mimeForPath('/card.liquid'), 'text/x-liquid; charset=utf-8');
    assert.ok(isValidMime(mimeForPath('/letter.docx')));
    assert.ok(isValidMime('text/html; charset=utf-8'));
    assert.ok(!isValidMime('text html'));
    assert.ok(!isValidMime('text/html\r\nX-Evil: 1'));
  });
});
