// POST /v1/pdfs/merge end to end: real Chromium renders the sources, the merge reads them from the blob
// store and stores a new managed PDF; pdftotext, pdfinfo and qpdf read the result.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';
import { mergePdfSources } from '../../src/pdf/select-pages.js';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';

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
  let other: { accountId: string; apiKey: string };

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

  const merge = (body: unknown, headers: Record<string, string> = {}) => app.api('POST', '/v1/pdfs/merge', body, headers);

  async function download(pdfId: string): Promise<Buffer> {
    const link = await app.api('POST', `/v1/pdfs/${pdfId}/download`, {});
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  }

  const managedBytes = async (key = app.key) =>
    (await app.api('GET', '/v1/usage', undefined, { authorization: `Bearer ${key}` })).body.liveStorage.managedPdfStorageBytes as number;
  const pdfCount = async (key = app.key) =>
    (await app.api('GET', '/v1/pdfs?limit=100', undefined, { authorization: `Bearer ${key}` })).body.items.length;

  async function storedPdfObjects(): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of app.services.ctx.blobs.list('pdfs/')) keys.push(o.key);
    return keys;
  }

  before(async () => {
    const plans = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plans, JSON.stringify({ tiny: { name: 'Tiny', policy: { storageLimitBytes: 1000 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plans } });
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
    other = await app.services.accounts.create({ name: 'Other' });
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

  test("another account's ids and unknown ids are 404, and nothing is stored", async () => {
    const as = { authorization: `Bearer ${other.apiKey}` };
    const ours = await pdfCount();
    const foreignPdf = await merge({ sources: [{ pdfId: pdfs.Alpha.id }] }, as);
    assert.equal(foreignPdf.status, 404, JSON.stringify(foreignPdf.body));
    assert.equal(foreignPdf.body.error, 'pdf_not_found');
    assert.equal(foreignPdf.body.details.field, 'sources[0].pdfId');
    const foreignJob = await merge({ sources: [{ jobId: transientJob }] }, as);
    assert.equal(foreignJob.status, 404);
    assert.equal(foreignJob.body.error, 'render_job_not_found');
    const unknown = await merge({ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: 'pdf_01m80q5tf4e00ax6c0m7k8d2hy' }] });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.details.field, 'sources[1].pdfId');
    assert.equal(await pdfCount(other.apiKey), 0);
    assert.equal(await managedBytes(other.apiKey), 0);
    assert.equal(await pdfCount(), ours);
  });

  test('bad page ranges and too many sources are 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: pdfs.Bravo.id, pageRanges: '1-x' }] }, 'sources[1].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Alpha.id }, { pdfId: pdfs.Bravo.id, pageRanges: '2' }] }, 'sources[1].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '0-2' }] }, 'sources[0].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '3-1' }] }, 'sources[0].pageRanges'],
      [{ sources: [{ pdfId: pdfs.Alpha.id, jobId: transientJob }] }, 'sources[0]'],
      [{ sources: [{}] }, 'sources[0]'],
      [{ sources: [] }, 'sources'],
      [{ sources: Array.from({ length: 51 }, () => ({ pdfId: pdfs.Bravo.id })) }, 'sources'],
      // 50 × 102 pages: more than the 5000 a merged PDF may have.
      [{ sources: Array.from({ length: 50 }, () => ({ pdfId: pdfs.Alpha.id, pageRanges: Array(51).fill('1-2').join(',') })) }, 'sources'],
    ];
    const count = await pdfCount();
    for (const [body, field] of cases) {
      const res = await merge(body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error, 'invalid_request');
      assert.equal(res.body.details.field, field, JSON.stringify(res.body));
    }
    assert.equal(await pdfCount(), count, 'nothing stored');
  });

  test('Idempotency-Key: a replay returns the same PDF; another body with the key is a conflict', async () => {
    const count = await pdfCount();
    const body = { sources: [{ pdfId: pdfs.Bravo.id }, { pdfId: pdfs.Alpha.id, pageRanges: '1' }] };
    const key = { 'idempotency-key': 'merge-1' };
    const first = await merge(body, key);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const again = await merge(body, key);
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    const conflict = await merge({ sources: [{ pdfId: pdfs.Bravo.id }] }, key);
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error, 'idempotency_key_conflict');
    assert.equal(await pdfCount(), count + 1, 'one PDF for the key');
  });

  test('a page left out does not travel into the file through a link that points at it', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const contents = doc.addPage();
    contents.drawText('Contents', { x: 50, y: 700, font });
    const secret = doc.addPage();
    secret.drawText('Left out', { x: 50, y: 700, font });
    const link = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [50, 690, 200, 720],
      Dest: [secret.ref, 'XYZ', null, null, null],
    });
    contents.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
    const merged = await mergePdfSources([{ bytes: await doc.save(), pages: [0], field: 'sources[0]' }], new Date());
    assert.equal(merged.pageCount, 1);
    const out = await PDFDocument.load(merged.bytes);
    const pageObjects = [...out.context.enumerateIndirectObjects()].filter(
      ([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Page'),
    );
    assert.equal(pageObjects.length, 1, 'no unreachable copy of the page left out');
  });

  test('concurrent requests with one Idempotency-Key make one PDF', async () => {
    const count = await pdfCount();
    const body = { sources: [{ pdfId: pdfs.Charlie.id, pageRanges: '2' }] };
    const key = { 'idempotency-key': 'merge-concurrent' };
    const [a, b] = await Promise.all([merge(body, key), merge(body, key)]);
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(b.status, 201, JSON.stringify(b.body));
    assert.equal(a.body.pdf.id, b.body.pdf.id);
    assert.equal(await pdfCount(), count + 1);
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

  test('two concurrent merges that fit the storage limit only one at a time: one 201, one 429, nothing left over', async () => {
    const body = { sources: [{ pdfId: pdfs.Charlie.id }, { pdfId: pdfs.Alpha.id }] };
    const probe = await merge(body);
    assert.equal(probe.status, 201, JSON.stringify(probe.body));
    const size = probe.body.pdf.bytes;
    const used = (await app.api('GET', '/v1/usage')).body.liveStorage.totalBytes as number;
    const count = await pdfCount();
    const objects = await storedPdfObjects();
    // Room for one more merge of that size, not two: the plan's limit for this test only.
    const plans = app.services.ctx.plans;
    const get = plans.get;
    plans.get = (key) => {
      const plan = get(key);
      return { ...plan, policy: { ...plan.policy, storageLimitBytes: used + Math.round(size * 1.5) } };
    };
    try {
      const results = await Promise.all([merge(body), merge(body)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 429], JSON.stringify(results.map((r) => r.body)));
      assert.equal(results.find((r) => r.status === 429)!.body.error, 'storage_limit_exceeded');
    } finally {
      plans.get = get;
    }
    assert.equal(await pdfCount(), count + 1);
    const added = (await storedPdfObjects()).filter((k) => !objects.includes(k));
    assert.equal(added.length, 1, 'only the stored merge is under pdfs/');
  });

  test("past the plan's storage limit: 429 storage_limit_exceeded, nothing stored or counted", async () => {
    const count = await pdfCount();
    const bytes = await managedBytes();
    const objects = await storedPdfObjects();
    const { plan_key: plan } = await app.services.ctx.db
      .selectFrom('accounts')
      .select('plan_key')
      .where('id', '=', app.accountId)
      .executeTakeFirstOrThrow();
    await app.services.accounts.setPlan(app.accountId, 'tiny');
    try {
      const res = await merge({ sources: [{ pdfId: pdfs.Bravo.id }] });
      assert.equal(res.status, 429, JSON.stringify(res.body));
      assert.equal(res.body.error, 'storage_limit_exceeded');
    } finally {
      await app.services.accounts.setPlan(app.accountId, plan);
    }
    assert.equal(await pdfCount(), count);
    assert.equal(await managedBytes(), bytes);
    const added = (await storedPdfObjects()).filter((k) => !objects.includes(k));
    assert.deepEqual(added, [], 'no object stored under pdfs/');
  });
});
