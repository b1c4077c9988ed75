// A long document through the service (docs/long-documents.md): a version with render.metadata.pdf.parts,
// a job whose payload holds a table's rows, and the worker printing the parts through the queue of part
// prints (render_job_parts), then joining them. The job shows its progress (pagesDone), the PDF is numbered
// across the parts, and nothing of the parts is left once the job ended. SQLite and (FOLIO_TEST_ENGINE=
// postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { execFileSync } from 'node:child_process';
import { pdfText, withPdfFile } from '../helpers/pdf.js';

const pageCount = (pdf: Buffer) =>
  withPdfFile(pdf, (f) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))![1]));

const REPORT = file(
  'index.hbs',
  `<!doctype html><html><head><style>
  @page { size: A4; margin: 2cm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 9pt sans-serif; } }
  thead { display: table-header-group; } tr { break-inside: avoid; } td, th { padding: 2px 8px; font: 10pt sans-serif; }
</style></head><body>{{#if _part.first}}<h1>Ledger</h1>{{/if}}
<table><thead><tr><th>Entry</th><th>Amount</th></tr></thead><tbody>
{{#each rows}}<tr><td>Entry {{n}}</td><td>{{formatCurrency amount "EUR"}}</td></tr>{{/each}}
</tbody></table></body></html>`,
);

describe('a long document printed in parts by the worker', () => {
  let app: TestApp;
  let deployId = '';

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'ledger', name: 'Ledger' } }, [REPORT], {
      route: '/',
      title: 'Ledger',
      metadata: { pdf: { parts: { items: 'rows', size: 300 } } },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  /** Creates the job, waits for its success and downloads its PDF. */
  async function printed(body: Record<string, unknown>) {
    const created = await app.api('POST', '/v1/render-jobs', body);
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const id = created.body.job.id as string;
    let job = created.body.job;
    while (job.status === 'queued' || job.status === 'rendering')
      job = (await app.api('GET', `/v1/render-jobs/${id}?waitSeconds=30`)).body.job;
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const link = await app.api('POST', `/v1/render-jobs/${id}/output-download`, {});
    const u = new URL(link.body.access.url);
    return { id, job, pdf: (await app.server.inject({ method: 'GET', url: u.pathname + u.search })).rawPayload };
  }

  test('the parts are printed, numbered across the document and joined; the job shows its pages done', async () => {
    const rows = Array.from({ length: 1400 }, (_, i) => ({ n: i + 1, amount: (i * 37) % 1000 }));
    const { id, job, pdf } = await printed({ deployId, deployVersionId: 'latest', payload: { rows } });
    const pages = pageCount(pdf);
    assert.equal(job.pagesDone, pages, 'every page was printed with its final number');
    const diagnostics = (await app.api('GET', `/v1/render-jobs/${id}/diagnostics`)).body;
    assert.equal(diagnostics.diagnostics.parts.workers, 1, 'one worker printed them all');
    assert.equal(diagnostics.diagnostics.parts.count, 5, `1,400 rows, 300 per part: ${JSON.stringify(diagnostics).slice(0, 300)}`);
    const text = pdfText(pdf).split('\f');
    for (const p of [1, Math.ceil(pages / 2), pages]) assert.match(text[p - 1]!, new RegExp(`Page ${p} of ${pages}\\b`));
    assert.match(text[pages - 1]!, /Entry 1400\b/);
    assert.match(text[Math.ceil(pages / 2) - 1]!, /Entry\s+Amount/, "a later part's first page keeps the table header");
    const left = await app.services.ctx.db.selectFrom('render_job_parts').selectAll().execute();
    assert.deepEqual(left, [], 'no part print is left once the job ended');
    // A worker that died while its long job rendered leaves its part prints: the janitor removes those
    // whose job is no longer rendering.
    await app.services.ctx.db
      .insertInto('render_job_parts')
      .values({
        job_id: id,
        run_id: 'gone',
        phase: 'final',
        part_index: 0,
        status: 'queued',
        attempt: 0,
        spec_json: '{}',
        created_at: Date.now(),
      })
      .execute();
    assert.equal((await app.janitor!.runOnce()).sweptPartPrints, 1);
  });

  test("a job splitting the page at its table's rows: the worker prints the parts with the job's own payload", async () => {
    const rows = Array.from({ length: 900 }, (_, i) => ({ n: i + 1, amount: i % 100 }));
    const { id, pdf } = await printed({
      deployId,
      deployVersionId: 'latest',
      payload: { rows },
      print: { parts: { marks: 'tbody > tr', size: 400 } },
    });
    const diagnostics = (await app.api('GET', `/v1/render-jobs/${id}/diagnostics`)).body;
    assert.equal(diagnostics.diagnostics.parts.count, 3, '900 rows, 400 per part');
    const pages = pageCount(pdf);
    const text = pdfText(pdf);
    for (const n of [1, 400, 401, 900]) assert.equal(text.split(new RegExp(`Entry ${n}\\b`)).length - 1, 1, `row ${n} prints once`);
    assert.match(text.split('\f')[pages - 1]!, new RegExp(`Page ${pages} of ${pages}\\b`));
  });
});
