// The example bundles in examples/ deploy through the real upload flow and render with their sample
// payloads: real SQLite, files and Chromium. What they promise in docs/templates.md is checked here on the
// PDF itself (pdftotext per page, tagged structure and outline in the bytes).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Every file of an example folder, as the upload flow sees it (paths relative to the folder). */
function readExample(name: string): BundleFile[] {
  const dir = path.join(root, 'examples', name);
  return (
    fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      // render-metadata.json is what `folio deploy --metadata` reads; the example's .folioignore leaves it out.
      .filter((f) => fs.statSync(path.join(dir, f)).isFile() && !path.basename(f).startsWith('.') && f !== 'render-metadata.json')
      .sort()
      .map((f) => file(f.split(path.sep).join('/'), fs.readFileSync(path.join(dir, f))))
  );
}

/** pdfinfo's report (Title, Pages, …) of a PDF. */
function pdfInfo(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-'));
  const f = path.join(dir, 'x.pdf');
  fs.writeFileSync(f, pdf);
  try {
    return execFileSync('pdfinfo', [f], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of pages first..last of a PDF (pdftotext -f/-l), layout kept. */
function pdfPagesText(pdf: Buffer, first: number, last = first): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-'));
  const f = path.join(dir, 'x.pdf');
  fs.writeFileSync(f, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', '-f', String(first), '-l', String(last), f, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('examples render', () => {
  let app: TestApp;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
  });
  after(() => app.close());

  /** Deploys an example folder, renders it with its sample payload and returns the job and the PDF bytes. */
  async function deployAndRender(name: string, env: { name: string; value: string }[] = []) {
    const files = readExample(name);
    const payload = JSON.parse(files.find((f) => f.path === 'sample-payload.json')!.content.toString('utf8'));
    const metadataFile = path.join(root, 'examples', name, 'render-metadata.json');
    const metadata = fs.existsSync(metadataFile) ? { metadata: JSON.parse(fs.readFileSync(metadataFile, 'utf8')) } : {};
    const v = await deployFiles(app, { createDeploy: { slug: `example-${name}`, name } }, files, { route: '/', title: name, ...metadata });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    if (env.length) {
      const s = await app.api('PATCH', `/v1/deploys/${v.deployId}/settings`, { environment: { variables: env } });
      assert.equal(s.status, 200, JSON.stringify(s.body));
    }
    const created = await app.api('POST', '/v1/render-jobs', {
      deployId: v.deployId,
      deployVersionId: 'latest',
      payload,
      businessKey: `${name}-sample`,
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const link = await app.api('POST', `/v1/render-jobs/${created.body.job.id}/output-download`);
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    return { payload, output: done.body.output, pdf: res.rawPayload, deployId: v.deployId as string };
  }

  /** Renders one more job of a deployed example and returns its PDF. */
  async function renderAgain(deployId: string, payload: unknown) {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const link = await app.api('POST', `/v1/render-jobs/${created.body.job.id}/output-download`);
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    return { output: done.body.output, pdf: res.rawPayload };
  }

  let invoiceDeployId = '';
  let invoicePayload: any = null;

  test('invoice: payload and env in the PDF, 40 items over several pages with a repeated header, margin-box page numbers, totals', async () => {
    const { payload, output, pdf, deployId } = await deployAndRender('invoice', [
      { name: 'COMPANY_NAME', value: 'Northwind Documents Ireland Ltd.' },
    ]);
    invoiceDeployId = deployId;
    invoicePayload = payload;
    assert.equal(payload.items.length, 40);
    const pages = output.pageCount as number;
    assert.ok(pages >= 2, `expected at least 2 pages, got ${pages}`);

    const text = pdfText(pdf);
    assert.match(text, /Blue Harbor Logistics Ltd\./, 'buyer name');
    assert.match(text, /Northwind Documents Ireland Ltd\./, 'COMPANY_NAME from the deploy environment');
    assert.match(text, /INV-2025-0417/);
    for (const i of [0, 9, 20, 39])
      assert.ok(text.includes(payload.items[i].description), `item ${i + 1}: ${payload.items[i].description}`);

    // The grand total, computed independently in integer cents, as the template does.
    const subtotal = payload.items.reduce(
      (a: number, it: { quantity: number; unitPrice: number }) => a + Math.round(it.quantity * it.unitPrice * 100),
      0,
    );
    const total = subtotal + Math.round(subtotal * payload.tax.rate);
    const amount = new Intl.NumberFormat('en-IE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(total / 100);
    assert.match(text, new RegExp(`Total due\\s+€${amount.replace(/[.,]/g, '\\$&')}`), `grand total ${amount}`);

    // @page margin boxes: "Page n of N" on every page, the invoice number in the bottom-left box.
    assert.equal(text.split('\f').filter((p) => p.trim()).length, pages);
    for (let p = 1; p <= pages; p++) {
      const pageText = pdfPagesText(pdf, p);
      assert.match(pageText, new RegExp(`Page ${p} of ${pages}\\b`), `page number on page ${p}`);
      assert.match(pageText, /INV-2025-0417 · Northwind Documents Ireland Ltd\./, `running footer on page ${p}`);
    }
    // thead { display: table-header-group } repeats the column headings on the next page.
    const page2 = pdfPagesText(pdf, 2);
    assert.match(page2, /DESCRIPTION\s+QTY\s+UNIT\s+UNIT PRICE\s+AMOUNT/, 'table header repeated on page 2');
    assert.doesNotMatch(page2, /BILL TO/, 'page 2 continues the table, not the masthead');

    const bytes = pdf.toString('latin1');
    assert.ok(bytes.includes('/StructTreeRoot'), 'tagged PDF');
    assert.ok(bytes.includes('/Outlines'), 'document outline');
  });

  test('invoice as a warm template: the next invoice renders in the kept page and nothing of the previous one survives', async () => {
    // An invoice the template cannot format (a locale Intl refuses; the payload schema holds it to be a
    // string only): its error page must not carry the previous invoice's footer rule or title either.
    const broken = await renderAgain(invoiceDeployId, { ...invoicePayload, invoiceNumber: 'INV-BROKEN', locale: 'not a locale' });
    assert.doesNotMatch(pdfText(broken.pdf), /INV-2025-0417/, 'no footer of the previous invoice on the error page');
    assert.doesNotMatch(pdfInfo(broken.pdf), /INV-2025-0417/, 'no title of the previous invoice');
    assert.ok(invoiceDeployId, 'runs after the invoice test');
    const next = {
      ...invoicePayload,
      invoiceNumber: 'INV-2025-0999',
      buyer: { ...invoicePayload.buyer, name: 'Second Customer GmbH' },
      items: invoicePayload.items
        .slice(0, 3)
        .map((it: Record<string, unknown>, i: number) => ({ ...it, description: `Second invoice line ${i + 1}` })),
    };
    for (let round = 0; round < 2; round++) {
      const { output, pdf } = await renderAgain(invoiceDeployId, next);
      const text = pdfText(pdf);
      assert.equal(output.pageCount, 1, 'three lines fit on one page');
      assert.match(text, /Second Customer GmbH/);
      assert.match(text, /Second invoice line 3/);
      assert.match(pdfPagesText(pdf, 1), /INV-2025-0999 · Northwind Documents Ireland Ltd\./, 'footer rule replaced, not stacked');
      assert.doesNotMatch(text, /INV-2025-0417|Blue Harbor Logistics/, 'nothing of the previous invoice');
      assert.match(pdfInfo(pdf), /^Title:\s+Invoice INV-2025-0999/m, 'the PDF title is the new invoice');
      assert.ok(!text.includes(invoicePayload.items[10].description), 'no line of the previous invoice');
    }
  });

  test('report: cover, contents, one chapter per page, SVG charts from the payload, outline from the headings', async () => {
    const { payload, output, pdf } = await deployAndRender('report');
    const pages = output.pageCount as number;
    assert.ok(pages >= 6 && pages <= 9, `expected 6-9 pages, got ${pages}`);

    const cover = pdfPagesText(pdf, 1);
    assert.match(cover, /Monthly operations report/);
    assert.match(cover, /May 2025/);
    assert.doesNotMatch(cover, /\d+\s*\/\s*\d+/, 'no page number on the cover (@page :first)');
    assert.match(
      pdfPagesText(pdf, 2),
      new RegExp(`Contents[\\s\\S]*Executive summary[\\s\\S]*Appendix: daily figures[\\s\\S]*\\b2\\s*/\\s*${pages}\\b`),
    );

    const text = pdfText(pdf);
    for (const heading of [
      'Executive summary',
      'Highlights',
      'Render volume',
      'Daily renders',
      'Latency',
      'Revenue by region',
      'Regional detail',
      'Top customers',
      'Incidents',
      'Appendix: daily figures',
    ])
      assert.ok(text.includes(heading), heading);
    // Page references: each contents entry ends with the page its chapter starts on, as printed.
    const contents = pdfPagesText(pdf, 2);
    const chapters = ['Executive summary', 'Render volume', 'Revenue by region', 'Top customers', 'Appendix: daily figures'];
    for (const title of chapters) {
      const start = [...Array(pages).keys()]
        .map((i) => i + 1)
        .find((p) => p > 2 && new RegExp(`^\\s*${title}\\s*$`, 'm').test(pdfPagesText(pdf, p)));
      assert.ok(start, `${title} is printed as a heading after the contents`);
      const listed = new RegExp(`${title}\\s+(\\d+)\\n`).exec(contents)?.[1];
      assert.equal(Number(listed), start, `contents entry of ${title}:\n${contents}`);
    }

    const renders = payload.daily.reduce((a: number, d: { renders: number }) => a + d.renders, 0);
    assert.ok(text.includes(new Intl.NumberFormat('en-GB').format(renders)), `total renders ${renders}`);
    assert.ok(text.includes(payload.customers[0].name));
    // Text inside the JS-drawn SVG charts is real text in the PDF.
    assert.match(text, /1,704 ms on 14 May/);
    assert.match(text, /€71\.8k/i, 'bar label of the largest region');

    const bytes = pdf.toString('latin1');
    assert.ok(bytes.includes('/StructTreeRoot'), 'tagged PDF');
    assert.ok(bytes.includes('/Outlines'), 'document outline');
    // One outline entry per heading: the chapter titles are bookmarks.
    for (const title of ['Executive summary', 'Render volume', 'Appendix: daily figures'])
      assert.ok(bytes.includes(`/Title (${title})`), `outline entry ${title}`);
  });
});
