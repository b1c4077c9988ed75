// Service rules tested by calling the services directly (no HTTP request, no Chromium; the injected clock
// moves time): the Idempotency-Key store, a usage meter at its limit and across a period, and the document
// options a job body may carry. The HTTP suites prove the same rules end to end; these say which service
// holds each one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AppError } from '../../src/errors/app-error.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const code = (err: unknown) => (err instanceof AppError ? err.code : String(err));
const field = (err: unknown) => (err instanceof AppError ? (err.details as { field?: string } | undefined)?.field : undefined);

describe('service rules', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  test('Idempotency-Key store: new, replay, conflict, abandon, expiry', async () => {
    const store = app.services.idempotency;
    const a = app.accountId;
    assert.deepEqual(await store.begin(a, 'k1', 'hash-1'), { kind: 'new' });
    await store.complete(a, 'k1', 201, '{"ok":true}');
    assert.deepEqual(await store.begin(a, 'k1', 'hash-1'), { kind: 'replay', status: 201, body: '{"ok":true}' });
    await assert.rejects(store.begin(a, 'k1', 'hash-2'), (err) => code(err) === 'idempotency_key_conflict');
    // Another account's key of the same name is its own.
    const other = await app.services.accounts.create({ name: 'Other' });
    assert.deepEqual(await store.begin(other.accountId, 'k1', 'hash-2'), { kind: 'new' });
    // A failed request stores nothing: the key is free again.
    assert.deepEqual(await store.begin(a, 'k2', 'hash-1'), { kind: 'new' });
    await store.abandon(a, 'k2');
    assert.deepEqual(await store.begin(a, 'k2', 'hash-3'), { kind: 'new' });
    // Past its time to live a key is forgotten, and the janitor's sweep removes it.
    app.clock.advance(app.services.ctx.config.idempotencyTtlSeconds * 1000 + 1);
    assert.ok((await store.sweep()) >= 2);
    assert.deepEqual(await store.begin(a, 'k1', 'hash-9'), { kind: 'new' });
  });

  test('a meter refuses past its limit with the plan named, and starts again in the next period', async () => {
    const usage = app.services.usage;
    const a = (await app.services.accounts.create({ name: 'Metered' })).accountId;
    const add = (amount: number) =>
      app.services.ctx.db
        .transaction()
        .execute((trx) =>
          usage.increment(trx, { accountId: a, meter: 'render_jobs', amount, limit: 3, errorCode: 'render_job_quota_exceeded' }),
        );
    assert.equal(await add(2), 2);
    assert.equal(await add(1), 3);
    await assert.rejects(add(1), (err) => code(err) === 'render_job_quota_exceeded' && /allows 3 render jobs/.test((err as Error).message));
    await assert.rejects(add(5), (err) => code(err) === 'render_job_quota_exceeded');
    // Refused additions counted nothing; the next calendar month starts from zero.
    app.clock.advance(32 * 86_400_000);
    assert.equal(await add(3), 3);
  });

  test('document options: each refusal names its field; a valid body becomes the stored document', async () => {
    const check = (input: Record<string, unknown>) => app.services.renderJobs.checkDocument(app.accountId, input as never);
    const refusal = async (input: Record<string, unknown>) => {
      try {
        await check(input);
      } catch (err) {
        return { code: code(err), field: field(err) };
      }
      return null;
    };
    const attachment = { name: 'lines.csv', mimeType: 'text/csv', relationship: 'Data' };
    assert.deepEqual(await refusal({ attachments: [{ ...attachment, content: 'YQ==', bundlePath: '/a.csv' }] }), {
      code: 'invalid_request',
      field: 'attachments[0].content',
    });
    assert.deepEqual(await refusal({ attachments: [{ ...attachment, content: 'not base64!' }] }), {
      code: 'invalid_request',
      field: 'attachments[0].content',
    });
    assert.deepEqual(await refusal({ eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml: '<?xml version="1.0"?><Invoice/>' } }), {
      code: 'invalid_request',
      field: 'eInvoice.xml',
    });
    assert.deepEqual(await refusal({ pdf: { standard: 'pdf/a-2b' }, attachments: [{ ...attachment, content: 'YQ==' }] }), {
      code: 'invalid_request',
      field: 'attachments',
    });
    assert.deepEqual(await refusal({ protection: { ownerPassword: 'owner\ud800' } }), {
      code: 'invalid_request',
      field: 'protection.ownerPassword',
    });
    const stored = await check({ pdf: { metadata: { title: 'Invoice 7' } }, attachments: [{ ...attachment, content: 'YQ==' }] });
    assert.equal(stored.metadata?.title, 'Invoice 7');
    assert.deepEqual(
      stored.attachments.map((a) => [a.name, a.size, a.contentBase64]),
      [['lines.csv', 1, 'YQ==']],
    );
  });
});
