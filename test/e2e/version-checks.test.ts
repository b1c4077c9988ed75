// A version's checks on the server, with real Chromium and poppler: the version carries its fixtures
// (tests/<name>.json) and the snapshots of their prints (__snapshots__/<name>/, here recorded from this
// server's own print of an earlier version, as `folio test --server --update` would), and a check prints
// them again and judges each by the rules of `folio test`. A version whose stylesheet changed drifts,
// naming the page; a fixture without snapshot is said as such. SQLite and (FOLIO_TEST_ENGINE=postgres)
// PostgreSQL + S3. Checks answered without printing (a fixture that is not JSON, a version without
// fixtures, a fixture over the payload limit, another account's version) are
// test/integration/version-checks.test.ts. The end-to-end path through `folio test` and
// `folio deploy` is in test/e2e/cli-test-snapshots.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { capturePdf, SNAPSHOT_DPI } from '../../src/pdf/snapshots/snapshot-capture.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { waitFor } from '../helpers/wait.js';

const page = (colour: string): BundleFile[] => [
  file(
    'index.html',
    `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body>
    <h1 id="t">Loading</h1><p>Thank you for your business.</p>
    <script>
      fetch(window.folio.payloadUrl).then(r => r.json()).then((p) => { document.getElementById('t').textContent = 'Invoice for ' + p.name; });
    </script></body></html>`,
  ),
  file('style.css', `h1 { background: ${colour}; color: white; padding: 2cm; font: bold 28pt sans-serif; }`),
];

const fixtures = [file('tests/ada.json', JSON.stringify({ name: 'Ada' })), file('tests/grace.json', JSON.stringify({ name: 'Grace' }))];

describe('version checks: fixtures printed again on the server and compared with their snapshots', () => {
  let app: TestApp;
  let deployId: string;
  let snapshots: BundleFile[];

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v1 = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, page('#1d4ed8'));
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    deployId = v1.deployId;
    // The snapshot of "ada": what this server printed of v1, kept as `folio test` keeps it.
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId, deployVersionId: v1.version.id, payload: { name: 'Ada' } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const captured = await capturePdf(res.rawPayload);
    assert.match(captured.text, /Invoice for Ada/);
    const meta = {
      pages: captured.images.length,
      browser: 'Skia/PDF',
      dpi: SNAPSHOT_DPI,
      createdAt: new Date().toISOString(),
      renderer: 'server',
    };
    snapshots = [
      file('__snapshots__/ada/meta.json', JSON.stringify(meta)),
      file('__snapshots__/ada/text.txt', captured.text),
      ...captured.images.map((png, i) => file(`__snapshots__/ada/page-${i + 1}.png`, png)),
    ];
  });
  after(() => app.close());

  async function check(versionId: string, body: Record<string, unknown> = {}) {
    const created = await app.api('POST', `/v1/deploys/${deployId}/versions/${versionId}/checks`, body);
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.check.status, 'running');
    const url = `/v1/deploys/${deployId}/versions/${versionId}/checks/${created.body.check.id}`;
    return waitFor(
      'the check to end',
      async () => {
        const r = await app.api('GET', url);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return r.body.check.status === 'running' ? undefined : r.body.check;
      },
      { timeoutMs: 60_000 },
    );
  }
  const byName = (c: any) => Object.fromEntries(c.fixtures.map((f: any) => [f.name, f]));

  test('the same template passes; a fixture without snapshot says so; the prints are a check batch', async () => {
    const v2 = await deployFiles(app, { deployId }, [...page('#1d4ed8'), ...fixtures, ...snapshots]);
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    const c = await check(v2.version.id);
    const f = byName(c);
    assert.equal(f.ada.status, 'passed', JSON.stringify(f.ada));
    assert.equal(f.ada.message, 'matches its snapshot (1 page)');
    assert.deepEqual([f.ada.pages, f.ada.expectedPages], [1, 1]);
    assert.match(f.ada.browser, /Chrome\/\d+/);
    assert.equal(f.grace.status, 'no_snapshot');
    assert.match(f.grace.message, /run folio test --update and deploy __snapshots__\/grace\//);
    assert.equal(c.status, 'no_snapshot', 'the worst fixture decides');
    assert.deepEqual(c.counts, { pending: 0, passed: 1, drifted: 0, noSnapshot: 1, failed: 0 });
    assert.equal(c.tolerance, 0.001);

    const batch = await app.api('GET', `/v1/render-batches/${c.batchId}`);
    assert.equal(batch.body.batch.combine, 'check');
    assert.equal(batch.body.batch.status, 'completed');
    assert.equal(batch.body.batch.product, undefined);
    const job = await app.api('GET', `/v1/render-jobs/${f.ada.jobId}`);
    assert.equal(job.body.job.status, 'succeeded');

    const list = await app.api('GET', `/v1/deploys/${deployId}/versions/${v2.version.id}/checks`);
    assert.deepEqual(
      list.body.items.map((i: any) => i.id),
      [c.id],
    );
  });

  test('a changed colour drifts, naming the page; the text did not change', async () => {
    const v3 = await deployFiles(app, { deployId }, [...page('#b03a2e'), ...fixtures, ...snapshots]);
    assert.equal(v3.status, 201, JSON.stringify(v3.body));
    const c = await check(v3.version.id);
    const ada = byName(c).ada;
    assert.equal(ada.status, 'drifted', JSON.stringify(ada));
    assert.match(ada.message, /^page 1 differs \(\d+(\.\d+)?% of pixels\)$/);
    assert.equal(ada.textDiffers, false);
    assert.equal(ada.pageResults[0].drifts, true);
    assert.ok(ada.pageResults[0].ratio > 0.001);
    assert.equal(c.status, 'drifted');

    // A tolerance as large as the change lets it pass.
    const lenient = await check(v3.version.id, { tolerance: 1 });
    assert.equal(byName(lenient).ada.status, 'passed');
  });
});
