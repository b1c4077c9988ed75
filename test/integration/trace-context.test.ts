// A caller's W3C traceparent is kept with the jobs its request creates (docs/operations.md, "Tracing"), also
// with tracing off (as here: no OTEL_* variable): the job's view names the trace, a batch's items too; an
// invalid header starts nothing. The spans themselves, across processes, are test/e2e/tracing.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = `00-${TRACE}-00f067aa0ba902b7-01`;

describe('trace context of created jobs', () => {
  let app: TestApp;
  let deployId = '';

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'traced', name: 'Traced' } }, [file('index.html', '<h1>T</h1>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  test("a job keeps its request's traceparent; its view names the trace", async () => {
    assert.equal(app.services.ctx.tracing.enabled, false);
    const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {} }, { traceparent });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.job.traceId, TRACE);
    assert.equal((await app.api('GET', `/v1/render-jobs/${r.body.job.id}`)).body.job.traceId, TRACE);
    const row = await app.services.ctx.db
      .selectFrom('render_jobs')
      .select('trace_parent')
      .where('id', '=', r.body.job.id)
      .executeTakeFirst();
    assert.equal(row?.trace_parent, traceparent, 'stored as the webhooks will send it');
  });

  test('without a traceparent, or with an invalid one, a job has no trace', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { traceparent: 'not-a-traceparent' },
      { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
    ]) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {} }, headers);
      assert.equal(r.status, 202, JSON.stringify(r.body));
      assert.equal(r.body.job.traceId, undefined, JSON.stringify(headers));
    }
  });

  test("a batch's items continue the trace of the request that created the batch", async () => {
    const r = await app.api(
      'POST',
      '/v1/render-batches',
      { deployId, deployVersionId: 'latest', items: [{ payload: { n: 1 } }, { payload: { n: 2 } }] },
      { traceparent },
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const rows = await app.services.ctx.db
      .selectFrom('render_jobs')
      .select('trace_parent')
      .where('batch_id', '=', r.body.batch.id)
      .execute();
    assert.equal(rows.length, 2);
    for (const row of rows) assert.equal(row.trace_parent, traceparent);
  });
});
