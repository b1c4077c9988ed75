// Keyset pagination of the render-job and managed-PDF lists (services/pagination.ts: newestFirst), with the
// filters that narrow the query before the cursor applies. The deploy list has its own test in deploys.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

async function allPages(app: TestApp, path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await app.api('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.ok(page.body.items.length <= limit);
    ids.push(...page.body.items.map((x: { id: string }) => x.id));
    cursor = page.body.nextCursor ?? undefined;
    pages++;
  } while (cursor);
  return { ids, pages };
}

describe('list pagination', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  test('render jobs: newest first across pages, filters applied before the cursor, bad cursor → 400', async () => {
    const a = await deployFiles(app, { createDeploy: { slug: 'a', name: 'A' } }, [file('index.html', '<h1>a</h1>')]);
    const b = await deployFiles(app, { createDeploy: { slug: 'b', name: 'B' } }, [file('index.html', '<h1>b</h1>')]);
    const created: { id: string; deployId: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const deployId = i % 3 === 0 ? b.deployId : a.deployId;
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', businessKey: `inv-${i}` });
      assert.equal(r.status, 202, JSON.stringify(r.body));
      created.push({ id: r.body.job.id, deployId });
    }
    const newest = created.map((j) => j.id).reverse();

    const all = await allPages(app, '/v1/render-jobs', 3);
    assert.deepEqual(all.ids, newest);
    assert.equal(all.pages, 3);

    const ofA = await allPages(app, `/v1/render-jobs?deployId=${a.deployId}`, 2);
    assert.deepEqual(
      ofA.ids,
      created
        .filter((j) => j.deployId === a.deployId)
        .map((j) => j.id)
        .reverse(),
    );
    const one = await allPages(app, '/v1/render-jobs?businessKey=inv-3', 2);
    assert.deepEqual(one.ids, [created[3].id]);
    assert.deepEqual((await allPages(app, '/v1/render-jobs?status=succeeded', 2)).ids, []);

    const bad = await app.api('GET', '/v1/render-jobs?cursor=not-a-cursor');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details.field, 'cursor');
  });

  test('managed PDFs: an empty list is one page without a cursor; a bad cursor → 400', async () => {
    const page = await app.api('GET', '/v1/pdfs?limit=5');
    assert.equal(page.status, 200);
    assert.deepEqual(page.body, { items: [], nextCursor: null });
    const bad = await app.api('GET', '/v1/pdfs?cursor=%%%');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'invalid_request');
  });
});
