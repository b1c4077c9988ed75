// What the dashboard says a render job is (dashboard/src/job-kind.ts): its kind, and its source in words. A
// job sent without a deploy is bound to the account's inline deploy, named “Inline HTML”: a PDF job, a URL
// and an inline Office file are described by what they are, never by that name. Jobs are shaped as the API
// answers them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeSource, engineLabel, hasOwnVersion, kindLabel } from '../../dashboard/src/job-kind.js';
import type { RenderJob } from '../../dashboard/src/types.js';
import { renderJobView } from '../helpers/dashboard-job.js';

const inline = { name: 'Inline HTML', slug: '_inline' };
const invoices = { name: 'Invoices', slug: 'invoices' };

const job = (over: Partial<RenderJob>): RenderJob => renderJobView({ deployVersionRoute: '/', deployVersionTitle: 'Inline HTML', ...over });

describe('a job’s kind and source in the dashboard', () => {
  test('each kind the API names has its label', () => {
    const labels = (['page', 'template', 'markdown', 'url', 'office', 'word-template', 'pdf-job'] as const).map((kind) =>
      kindLabel(job({ kind })),
    );
    assert.deepEqual(labels, ['Page', 'Template', 'Markdown', 'URL', 'Office', 'Word template', 'PDF job']);
  });

  test('a PDF job is its sources joined, not “Inline HTML”', () => {
    const pdfJob = job({ kind: 'pdf-job', document: { pdfSources: [{ pdfId: 'pdf_1' }, { jobId: 'job_2' }] } });
    assert.deepEqual(describeSource(pdfJob, inline), { text: '2 PDFs joined', linksToDeploy: false });
    assert.equal(hasOwnVersion(pdfJob), false);
    // A server without `kind`: the job view's pdfSources tell.
    const older = job({ document: { pdfSources: [{ pdfId: 'pdf_1' }] } });
    assert.equal(kindLabel(older), 'PDF job');
    assert.deepEqual(describeSource(older, inline), { text: '1 PDF joined', linksToDeploy: false });
  });

  test('an inline Office conversion names its file; a deploy’s names the deploy and the file', () => {
    const office = job({ kind: 'office', deployVersionRoute: '/letter.docx', deployVersionTitle: 'Inline Office document' });
    assert.deepEqual(describeSource(office, inline), { text: 'Inline Office document', linksToDeploy: false, code: 'letter.docx' });
    assert.deepEqual(describeSource(office, invoices), { text: 'Invoices', linksToDeploy: true, code: 'letter.docx' });
    assert.equal(kindLabel(job({ deployVersionRoute: '/sheet.xlsx' })), 'Office', 'an older server: the entry tells');
    const word = job({ kind: 'word-template', deployVersionRoute: '/invoice.docx' });
    assert.deepEqual(describeSource(word, invoices), { text: 'Invoices', linksToDeploy: true, code: 'invoice.docx' });
  });

  test('a URL is a web page; inline HTML and Markdown say so; a deploy’s page links its deploy', () => {
    const url = job({ kind: 'url', source: { type: 'url', url: 'https://example.com/invoice' } });
    assert.deepEqual(describeSource(url, inline), { text: 'Web page', linksToDeploy: false, code: 'https://example.com/invoice' });
    assert.equal(hasOwnVersion(url), false);
    assert.equal(describeSource(job({ kind: 'page' }), inline).text, 'Inline HTML');
    assert.equal(describeSource(job({ kind: 'markdown' }), inline).text, 'Inline Markdown');
    assert.deepEqual(describeSource(job({ kind: 'template' }), invoices), { text: 'Invoices', linksToDeploy: true });
    assert.equal(hasOwnVersion(job({ kind: 'template' })), true);
    // The deploy not known (deleted, or not loaded yet): its id, linking to it.
    assert.deepEqual(describeSource(job({ kind: 'page' })), { text: 'dep_01KA2B3C4D5E6F7G8H9J0K1M2N', linksToDeploy: true });
    assert.equal(kindLabel(job({})), '—');
  });

  test('a version’s engine in words', () => {
    assert.equal(engineLabel('handlebars', '/'), 'Handlebars');
    assert.equal(engineLabel('html', '/'), 'HTML');
    assert.equal(engineLabel('markdown', '/'), 'Markdown');
    assert.match(engineLabel('docx', '/invoice.docx'), /^Word template \(docx\)/);
    assert.match(engineLabel('html', '/letter.docx'), /^Office document/);
    assert.equal(engineLabel(undefined, '/'), '—');
  });
});
