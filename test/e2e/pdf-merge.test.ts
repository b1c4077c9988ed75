// POST /v1/pdfs/merge end to end: real Chromium renders the sources, the merge reads them from the blob
// store and stores a new managed PDF; pdftotext, pdfinfo and qpdf read the result. Refusals, idempotency and
// storage limits are test/integration/pdf-merge-requests.test.ts; the page-selection rule of the merge itself
// is test/unit/pdf-merge-sources.test.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

// One page per entry of payload.pages, each with a heading (Chromium turns headings into the outline).
const page = file(
  'index.html',
  `<!doctype html><html lang="en"><head><title>Doc</title><style>@page { size: A6; margin: 10mm; } section { break-after: page; }</style></head>
  <body><script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
      for (let i = 1; i <= p.pages; i++) {
        const s = document.createElement('section');
        s.innerHTML = '<h1>' + p.name + ' page ' + i + '</h1><p>Body of ' + p.name + ' ' + i + '</p>';
        document.body.appendChild(s);
      }
      window.folio.ready();
    });
  </script></body></html>`,
);

/** Runs a command on a PDF written to a temp file. */
function tool(cmd: string, args: string[], pdf: Buffer) {
  const f = path.join(tempDir('folio-merge-'), 'x.pdf');
  fs.writeFileSync(f, pdf);
  try {
    const r = spawnSync(cmd, [...args, f], { encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    fs.rmSync(path.dirname(f), { recursive: true, force: true });
  }
}

/** The position of each needle in the text, asserting all are present and in this order. */
function assertInOrder(text: string, needles: string[]) {
  let at = -1;
  for (const n of needles) {
    const i = text.indexOf(n, at + 1);
    assert.ok(i > at, `"${n}" should follow the previous text in:\n${text}`);
    at = i;
  }
}

describe('POST /v1/pdfs/merge', () => {
  let app: TestApp;
  let deployId: string;
  let versionId: string;
  const pdfs: Record<string, { id: string; bytes: number; pageCount: number }> = {};
  let transientJob: string;

  async function render(name: string, pages: number, outputMode: 'managed' | 'transient') {
    const created = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: versionId,
      payload: { name, pages },
      outputMode,
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    return done.body;
  }

  const merge = (body: unknown) => app.api('POST', '/v1/pdfs/merge', body);

  async function download(pdfId: string): Promise<Buffer> {
    const link = await app.api('POST', `/v1/pdfs/${pdfId}/download`, {});
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  }

  const managedBytes = async () => (await app.api('GET', '/v1/usage')).body.liveStorage.managedPdfStorageBytes as number;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'docs', name: 'Docs' } }, [page], { route: '/', title: 'Doc' });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    versionId = v.version.id;
    for (const [name, pages] of [
      ['Alpha', 2],
      ['Bravo', 1],
      ['Charlie', 3],
    ] as const) {
      const done = await render(name, pages, 'managed');
      pdfs[name] = done.pdf;
      assert.equal(done.pdf.pageCount, pages);
    }
    transientJob = (await render('Tango', 1, 'transient')).job.id;
  });
  after(() => app.close());

  test('three managed PDFs merge in order: pages, text, outline, qpdf --check, storage and the list', async () => {
    const before = await managedBytes();
    const res = await merge({ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: pdfs.Bravo.id }, { pdfId: pdfs.Charlie.id }], fileName: 'all' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const { pdf } = res.body;
    assert.match(pdf.id, /^pdf_/);
    assert.equal(pdf.state, 'available');
    assert.equal(pdf.pageCount, 6);
    assert.equal(pdf.fileName, 'all.pdf');
    assert.deepEqual([pdf.deployId, pdf.deployVersionId, pdf.renderJobId], ['', '', '']);
    assert.equal(pdf.businessKey, pdf.id);

    const bytes = await download(pdf.id);
    assert.equal(bytes.length, pdf.bytes);
    assert.match(tool('pdfinfo', [], bytes).out, /^Pages:\s+6$/m);
    const text = pdfText(bytes);
    assertInOrder(text, ['Alpha page 1', 'Alpha page 2', 'Bravo page 1', 'Charlie page 1', 'Charlie page 2', 'Charlie page 3']);
    const check = tool('qpdf', ['--check'], bytes);
    assert.equal(check.status, 0, check.out);
    assert.doesNotMatch(check.out, /WARNING/i);
    const outline = tool('qpdf', ['--json=2', '--json-key=outlines'], bytes);
    const titles = (JSON.parse(outline.out).outlines as { title: string }[]).map((o) => o.title);
    assert.deepEqual(titles, ['Alpha page 1', 'Alpha page 2', 'Bravo page 1', 'Charlie page 1', 'Charlie page 2', 'Charlie page 3']);

    assert.equal(await managedBytes(), before + pdf.bytes, 'the merged PDF counts in managed storage');
    const list = await app.api('GET', '/v1/pdfs?limit=100');
    assert.deepEqual(list.body.items[0], pdf, 'listed, newest first');
    assert.deepEqual((await app.api('GET', `/v1/pdfs/${pdf.id}`)).body.pdf, pdf);
  });

  test('page ranges pick the pages, in the order written', async () => {
    const res = await merge({
      sources: [
        { pdfId: pdfs.Charlie.id, pageRanges: '3, 1' },
        { pdfId: pdfs.Alpha.id, pageRanges: '2-' },
      ],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.pdf.pageCount, 3);
    const text = pdfText(await download(res.body.pdf.id));
    assertInOrder(text, ['Charlie page 3', 'Charlie page 1', 'Alpha page 2']);
    assert.doesNotMatch(text, /Charlie page 2|Alpha page 1/);
  });

  test('a succeeded transient job output is a source; a deleted output and an unfinished job are refused', async () => {
    const res = await merge({ sources: [{ jobId: transientJob }, { pdfId: pdfs.Bravo.id }] });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.pdf.pageCount, 2);
    assertInOrder(pdfText(await download(res.body.pdf.id)), ['Tango page 1', 'Bravo page 1']);

    const gone = (await render('Gone', 1, 'transient')).job.id;
    assert.equal((await app.api('DELETE', `/v1/render-jobs/${gone}/output`)).status, 204);
    const deleted = await merge({ sources: [{ pdfId: pdfs.Bravo.id }, { jobId: gone }] });
    assert.equal(deleted.status, 404, JSON.stringify(deleted.body));
    assert.equal(deleted.body.error, 'render_output_not_found');
    assert.equal(deleted.body.details.field, 'sources[1].jobId');

    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: versionId, payload: { name: 'X', pages: 1 } });
    await app.api('POST', `/v1/render-jobs/${created.body.job.id}/cancel`);
    const canceled = await merge({ sources: [{ jobId: created.body.job.id }] });
    assert.equal(canceled.status, 409, JSON.stringify(canceled.body));
    assert.equal(canceled.body.error, 'render_output_not_ready');
  });

  test('a merged PDF is a source of its own, and deleting it leaves its sources and their outputs alone', async () => {
    const first = await merge({ sources: [{ pdfId: pdfs.Alpha.id }, { jobId: transientJob }] });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await merge({ sources: [{ pdfId: first.body.pdf.id, pageRanges: '3' }, { pdfId: pdfs.Bravo.id }] });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assertInOrder(pdfText(await download(second.body.pdf.id)), ['Tango page 1', 'Bravo page 1']);

    const bytes = await managedBytes();
    assert.equal((await app.api('DELETE', `/v1/pdfs/${first.body.pdf.id}`)).status, 204);
    assert.equal(await managedBytes(), bytes - first.body.pdf.bytes, 'its bytes stop counting');
    assert.equal((await app.api('GET', `/v1/pdfs/${pdfs.Alpha.id}`)).body.pdf.state, 'available');
    const link = await app.api('POST', `/v1/render-jobs/${transientJob}/output-download`, {});
    assert.equal(link.status, 200, 'the transient source output is still there');
    pdfText(await download(second.body.pdf.id)); // the merge made from it is unaffected
  });
});
