// Payload schemas: a bundle's payload.schema.json is compiled at commit (a broken one is
// a 400 naming the file), its sample-payload.json is checked against it, both are shown with the version,
// and every job of the version (single, sync, batch item) with a JSON payload that does not match is a 400
// payload_invalid listing JSON pointers; nothing is created then. No worker runs: jobs stay queued.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const page = file('index.html', '<p>invoice</p>');
const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['customer', 'total'],
  properties: {
    customer: { type: 'string', minLength: 1 },
    total: { type: 'number', minimum: 0 },
    email: { type: 'string', format: 'email' },
    lines: { type: 'array', items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } } },
  },
};
const json = (name: string, v: unknown) => file(name, JSON.stringify(v));

describe('payload schemas', () => {
  let app: TestApp;
  let deployId: string;
  let versionId: string;

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, [
      page,
      json('payload.schema.json', schema),
      json('sample-payload.json', { customer: 'Acme Ltd', total: 12.5 }),
    ]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    versionId = v.version.id;
  });
  after(() => app.close());

  const jobCount = async () =>
    Number(
      (
        await app.services.ctx.db
          .selectFrom('render_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('the version shows its schema and sample', async () => {
    const r = await app.api('GET', `/v1/deploys/${deployId}/versions/${versionId}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.deployVersion.payloadSchema, schema);
    assert.deepEqual(r.body.deployVersion.samplePayload, { customer: 'Acme Ltd', total: 12.5 });
  });

  test('a commit with a broken schema, unparsable JSON or a sample that does not match is refused, naming the file', async () => {
    const cases: Array<[string, ReturnType<typeof file>[], string, RegExp]> = [
      ['not a schema', [page, json('payload.schema.json', { type: 12 })], 'payload.schema.json', /not a valid JSON Schema 2020-12/],
      ['not JSON', [page, file('payload.schema.json', '{"type": ')], 'payload.schema.json', /not valid JSON/],
      [
        'sample off',
        [page, json('payload.schema.json', schema), json('sample-payload.json', { total: -1 })],
        'sample-payload.json',
        /does not match payload\.schema\.json: \/customer is required/,
      ],
    ];
    for (const [name, files, field, message] of cases) {
      const r = await deployFiles(app, { deployId }, files);
      assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, 'invalid_request', name);
      assert.equal(r.body.details.field, field, name);
      assert.match(r.body.message, message, name);
    }
    const d = await app.api('GET', `/v1/deploys/${deployId}`);
    assert.equal(d.body.latestVersion.id, versionId, 'no version was created');
  });

  test('a job whose payload misses a required field is 400 payload_invalid naming /customer; nothing is created', async () => {
    const before = await jobCount();
    const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { total: 'ten' } });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.error, 'payload_invalid');
    assert.equal(r.body.details.field, 'payload');
    const pointers = r.body.details.problems.map((p: { pointer: string }) => p.pointer);
    assert.ok(pointers.includes('/customer'), pointers.join(','));
    assert.ok(pointers.includes('/total'), pointers.join(','));
    assert.match(r.body.message, /\/customer is required/);
    assert.equal(await jobCount(), before);
  });

  test('a matching payload is accepted; a non-JSON payload is not checked', async () => {
    const ok = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: { customer: 'Globex', total: 3, lines: [{ sku: 'A-1' }] },
    });
    assert.equal(ok.status, 202, JSON.stringify(ok.body));
    const text = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: 'customer=Globex',
      payloadMime: 'text/plain',
    });
    assert.equal(text.status, 202, JSON.stringify(text.body));
  });

  test('nested pointers, formats, and at most 10 problems', async () => {
    const lines = Array.from({ length: 15 }, () => ({ qty: 1 }));
    const r = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: { customer: 'X', total: 1, email: 'not-an-email', lines },
    });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    const pointers: string[] = r.body.details.problems.map((p: { pointer: string }) => p.pointer);
    assert.equal(pointers.length, 10);
    assert.ok(pointers.includes('/email'), pointers.join(','));
    assert.ok(pointers.includes('/lines/0/sku'), pointers.join(','));
  });

  test('a sync render and a batch item are held to the schema too (the batch names the item)', async () => {
    const before = await jobCount();
    const s = await app.api('POST', '/v1/render', { deployId, deployVersionId: 'latest', payload: {} });
    assert.equal(s.status, 400, JSON.stringify(s.body));
    assert.equal(s.body.error, 'payload_invalid');
    const b = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: { customer: 'A', total: 1 } }, { payload: { customer: '', total: 1 } }],
    });
    assert.equal(b.status, 400, JSON.stringify(b.body));
    assert.equal(b.body.error, 'payload_invalid');
    assert.equal(b.body.details.field, 'items[1].payload');
    assert.equal(b.body.details.problems[0].pointer, '/customer');
    assert.equal(await jobCount(), before, 'nothing was created');
  });
});
