// PDF/UA-1 through the API, with real Chromium, the worker, the sandbox and the blob store: a version
// committed with render.metadata.pdf.accessibility "pdf/ua-1" prints PDFs that claim PDF/UA-1 and are
// checked; an <img> without alt is a `pdfua_violation` warning naming Matterhorn 13-004, and failOn makes
// it fatal (render_failed_on_warning). A job combines PDF/A-2b with PDF/UA-1 and passes both checkers.
// SQLite + files. Bad values are refused in test/integration/job-option-refusals.test.ts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployUaPair } from '../helpers/pdf-ua-deploys.js';
import { withPdfFile } from '../helpers/pdf.js';
import { checkPdfA } from '../helpers/pdfa-check.js';

describe('PDF/UA-1 jobs', () => {
  let app: TestApp;
  let uaDeploy = '';
  let plainDeploy = '';

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    ({ uaDeploy, plainDeploy } = await deployUaPair(app));
  });
  after(() => app.close());

  async function finished(body: Record<string, unknown>) {
    const c = await app.api('POST', '/v1/render-jobs', { deployVersionId: 'latest', payload: {}, ...body });
    assert.equal(c.status, 202, JSON.stringify(c.body));
    return (await app.api('GET', `/v1/render-jobs/${c.body.job.id}?waitSeconds=30`)).body.job;
  }

  async function download(jobId: string): Promise<Buffer> {
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, {});
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  }

  test("the version's PDF/UA-1: the PDF claims it, and the missing alt is a pdfua_violation naming 13-004", async () => {
    const job = await finished({ deployId: uaDeploy });
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.deepEqual(
      job.warnings.map((w: { code: string }) => w.code),
      ['pdfua_violation'],
    );
    assert.equal(job.warnings[0].count, 1);
    assert.match(
      job.warnings[0].message,
      /^PDF\/UA-1 \(Matterhorn Protocol\): 13-004 <Figure> tag alternative or replacement text missing/,
    );
    const pdf = await download(job.id);
    withPdfFile(pdf, (f) => {
      const meta = execFileSync('pdfinfo', ['-meta', f], { encoding: 'utf8' });
      assert.match(meta, /<pdfuaid:part>1<\/pdfuaid:part>/);
      assert.match(meta, /<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Delivery note</);
      const catalog = Object.values(
        JSON.parse(execFileSync('qpdf', ['--json', '--json-key=qpdf', f], { encoding: 'utf8' })).qpdf[1] as Record<
          string,
          { value?: Record<string, unknown> }
        >,
      ).find((o) => o.value?.['/Type'] === '/Catalog')!.value!;
      assert.equal(catalog['/Lang'], 'u:en');
      assert.deepEqual(catalog['/ViewerPreferences'], { '/DisplayDocTitle': true, '/Type': '/ViewerPreferences' });
    });
  });

  test('failOn pdfua_violation fails the job with render_failed_on_warning; accessibility "none" turns it off', async () => {
    const failed = await finished({ deployId: uaDeploy, failOn: ['pdfua_violation'] });
    assert.equal(failed.status, 'failed', JSON.stringify(failed));
    assert.equal(failed.errorCode, 'render_failed_on_warning');
    assert.match(failed.errorMessage, /^failOn lists pdfua_violation, and it happened: PDF\/UA-1 .*13-004/);
    assert.deepEqual(
      failed.warnings.map((w: { code: string }) => w.code),
      ['pdfua_violation'],
      'a failed job keeps the warning',
    );
    const off = await finished({ deployId: uaDeploy, failOn: ['pdfua_violation'], pdf: { accessibility: 'none' } });
    assert.equal(off.status, 'succeeded', JSON.stringify(off));
    assert.deepEqual(off.warnings, []);
    withPdfFile(await download(off.id), (f) => assert.doesNotMatch(execFileSync('pdfinfo', ['-meta', f], { encoding: 'utf8' }), /pdfuaid/));
  });

  test('a job asks for PDF/A-2b + PDF/UA-1: no warning, both identifications, the archival checks pass', async () => {
    const job = await finished({
      deployId: plainDeploy,
      pdf: { standard: 'pdf/a-2b', accessibility: 'pdf/ua-1' },
      failOn: ['pdfua_violation'],
    });
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.deepEqual(job.warnings, []);
    assert.equal(job.document.standard, 'pdf/a-2b');
    assert.equal(job.document.accessibility, 'pdf/ua-1');
    const pdf = await download(job.id);
    assert.deepEqual(await checkPdfA(pdf, { standard: 'pdf/a-2b' }), []);
    withPdfFile(pdf, (f) => {
      const meta = execFileSync('pdfinfo', ['-meta', f], { encoding: 'utf8' });
      assert.match(meta, /<pdfaid:part>2<\/pdfaid:part>/);
      assert.match(meta, /<pdfuaid:part>1<\/pdfuaid:part>/);
    });
    // Kept as a managed PDF, its info reports both claims.
    const managed = await finished({
      deployId: plainDeploy,
      outputMode: 'managed',
      pdf: { standard: 'pdf/a-2b', accessibility: 'pdf/ua-1' },
    });
    const full = await app.api('GET', `/v1/render-jobs/${managed.id}`);
    const info = await app.api('GET', `/v1/pdfs/${full.body.pdf.id}/info`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.equal(info.body.info.pdfUA, 'PDF/UA-1');
    assert.equal(info.body.info.pdfA, 'PDF/A-2b');
    assert.equal(info.body.info.tagged, true);
  });
});
