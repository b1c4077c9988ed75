// `folio mcp` as an MCP client runs it: the MCP SDK's own Client spawns `bin/folio mcp` over stdio
// (StdioClientTransport) against a real `folio serve` process (SQLite, files, Chromium) that has
// examples/invoice deployed. The returned links are fetched without a key and the PDFs read by poppler;
// pdf_steps' embedded PDFs are read by poppler too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '../../src/sdk/index.js';
import { tempDir } from '../helpers/app.js';
import { connectMcp as connect, download, pdfPages, type Session } from '../helpers/mcp-session.js';
import { pdfText } from '../helpers/pdf.js';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_mcptest00000000000000000000000000000001';
const INVOICE = path.join(ROOT, 'examples/invoice');
const TOOLS = [
  'convert_office',
  'get_job',
  'get_usage',
  'list_deploys',
  'list_pdfs',
  'list_versions',
  'pdf_steps',
  'render',
  'render_html',
  'render_url',
  'validate_einvoice',
];
const XRECHNUNG = path.join(ROOT, 'test/fixtures/einvoice/xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml');

describe('folio mcp: the MCP server on stdio against a server process', () => {
  let server: ServerProcess;
  let mcp: Session;
  const work = tempDir('folio-mcp-');
  // No `folio login` file may stand in for the environment: an empty config folder of the test's own.
  const configHome = path.join(work, 'config');
  const sample = JSON.parse(fs.readFileSync(path.join(INVOICE, 'sample-payload.json'), 'utf8'));
  let renderedJobId = '';

  before(async () => {
    fs.mkdirSync(configHome);
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    await createClient({ baseUrl: server.url, apiKey: KEY }).deployDirectory(INVOICE, { slug: 'invoice', alias: 'production' });
    mcp = await connect({ FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY, XDG_CONFIG_HOME: configHome });
  });
  after(async () => {
    await mcp?.close();
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('lists its tools, each described with an input schema; logs go to stderr only', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
    for (const t of tools) {
      assert.ok(t.description && t.description.length > 40, `${t.name} has a description`);
      assert.equal(t.inputSchema.type, 'object', `${t.name} has an input schema`);
    }
    const render = tools.find((t) => t.name === 'render')!;
    assert.deepEqual(render.inputSchema.required, ['deploy']);
    assert.ok(render.inputSchema.properties && 'payload' in render.inputSchema.properties);
    assert.match(mcp.stderr(), /folio mcp: serving the Model Context Protocol on stdio for http:\/\/127\.0\.0\.1:\d+/);
    assert.deepEqual(mcp.errors, []);
  });

  test('list_deploys and list_versions show the invoice, its alias and its payload schema', async () => {
    const deploys = await mcp.call('list_deploys');
    assert.equal(deploys.isError, false);
    assert.match(deploys.line, /^1 deploy: invoice \(v1\)$/);
    assert.equal(deploys.data.items[0].slug, 'invoice');
    assert.match(deploys.data.items[0].id, /^dep_/);
    assert.equal(deploys.data.items[0].latestVersion.versionNo, 1);

    const versions = await mcp.call('list_versions', { deploy: 'invoice', withPayloadSchema: true });
    assert.equal(versions.isError, false);
    assert.match(versions.line, /^Deploy invoice: 1 version: v1 \(production\)$/);
    assert.equal(versions.data.items[0].hasPayloadSchema, true);
    assert.equal(versions.data.items[0].payloadSchema.type, 'object');
    assert.equal(versions.data.items[0].samplePayload.invoiceNumber, sample.invoiceNumber);
  });

  test('render: the invoice with its sample payload, a keyless link to a valid PDF of the reported pages', async () => {
    const r = await mcp.call('render', { deploy: 'invoice', version: 'production', payload: sample, businessKey: sample.invoiceNumber });
    assert.equal(r.isError, false, r.line);
    assert.match(r.data.jobId, /^job_/);
    assert.equal(r.data.status, 'succeeded');
    assert.equal(r.data.versionNo, 1);
    assert.equal(r.data.businessKey, sample.invoiceNumber);
    assert.deepEqual(r.data.warnings, []);
    assert.ok(r.data.pageCount >= 2, `the sample's 40 items fill several pages, got ${r.data.pageCount}`);
    assert.match(r.data.downloadUrl, /\/v1\/files\//);
    assert.ok(r.line.includes(r.data.downloadUrl) && r.line.includes(r.data.jobId), r.line);
    const pdf = await download(r.data.downloadUrl);
    assert.equal(pdfPages(pdf), r.data.pageCount);
    assert.equal(pdf.length, r.data.bytes);
    // Under 5 MiB: the same PDF embedded as a resource, its link as the uri.
    assert.equal(r.data.embedded, true);
    assert.match(r.line, / The PDF is embedded below\./);
    assert.deepEqual(
      r.resources.map((x) => [x.uri, x.mimeType]),
      [[r.data.downloadUrl, 'application/pdf']],
    );
    assert.deepEqual(Buffer.from(r.resources[0]!.blob, 'base64'), pdf);
    renderedJobId = r.data.jobId;
  });

  test('get_job: the rendered job with its warnings and a link; list_pdfs and get_usage answer', async () => {
    const r = await mcp.call('get_job', { jobId: renderedJobId, embed: false });
    assert.equal(r.isError, false, r.line);
    assert.deepEqual(r.resources, [], 'embed: false answers the link only');
    assert.equal(r.data.embedded, false);
    assert.equal(r.data.jobId, renderedJobId);
    assert.equal(r.data.status, 'succeeded');
    assert.deepEqual(r.data.warnings, []);
    assert.ok(r.data.pageCount >= 2);
    assert.equal(pdfPages(await download(r.data.downloadUrl)), r.data.pageCount);

    const pdfs = await mcp.call('list_pdfs');
    assert.equal(pdfs.isError, false);
    assert.deepEqual(pdfs.data.items, [], 'a transient render keeps no managed PDF');
    const usage = await mcp.call('get_usage');
    assert.equal(usage.isError, false);
    assert.ok(usage.data.renderJobs.used >= 1);
    assert.match(usage.line, /render jobs/);
  });

  test('render_html: Markdown into a managed PDF, listed by list_pdfs; folio.fail() is a tool error with the job', async () => {
    const md = await mcp.call('render_html', { markdown: '# Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', managed: true });
    assert.equal(md.isError, false, md.line);
    assert.equal(md.data.pageCount, 1);
    assert.match(md.data.pdfId, /^pdf_/);
    assert.equal(pdfPages(await download(md.data.downloadUrl)), 1);
    const pdfs = await mcp.call('list_pdfs', { withLinks: true });
    assert.deepEqual(
      pdfs.data.items.map((p: { id: string }) => p.id),
      [md.data.pdfId],
    );
    await download(pdfs.data.items[0].downloadUrl);

    const failed = await mcp.call('render_html', { html: "<script>window.folio.fail('no line items')</script>" });
    assert.equal(failed.isError, true);
    assert.equal(failed.data.error, 'render_failed');
    assert.match(failed.data.message, /no line items/);
    assert.equal(failed.data.job.status, 'failed');
    const job = await mcp.call('get_job', { jobId: failed.data.job.jobId });
    assert.equal(job.isError, false, 'reading a failed job is no failure');
    assert.equal(job.data.errorCode, 'render_failed');
  });

  test('a render still running when the wait ends is no error: get_job follows it to the end', async () => {
    const slow = '<script>window.folio.waitForReady = true; setTimeout(() => window.folio.ready(), 3000);</script><p>slow</p>';
    const r = await mcp.call('render_html', { html: slow, waitSeconds: 1 });
    assert.equal(r.isError, false, r.line);
    assert.match(r.data.status, /^(queued|rendering)$/);
    assert.match(r.line, /is still (queued|rendering) after 1 s; it keeps running: call get_job/);
    assert.equal(r.data.downloadUrl, undefined);
    const done = await mcp.call('get_job', { jobId: r.data.jobId, waitSeconds: 30 });
    assert.equal(done.data.status, 'succeeded', done.line);
    assert.equal(pdfPages(await download(done.data.downloadUrl)), 1);
  });

  test('an unknown deploy or wrong input is a tool error with the code, and the server goes on', async () => {
    const r = await mcp.call('render', { deploy: 'no-such-deploy', payload: {} });
    assert.equal(r.isError, true);
    assert.equal(r.data.error, 'deploy_not_found');
    assert.match(r.line, /^error: deploy_not_found: /);
    const v = await mcp.call('render', { deploy: 'invoice', version: 'v9' });
    assert.equal(v.data.error, 'deploy_version_not_found');
    const both = await mcp.call('render_html', { html: '<p>a</p>', markdown: 'b' });
    assert.equal(both.data.error, 'invalid_request');
    // Arguments that do not match the input schema: the SDK's own tool error, naming the field.
    const bad = (await mcp.client.callTool({ name: 'render', arguments: { deploy: 'invoice', payload: 5 } })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
    };
    assert.equal(bad.isError, true);
    assert.match(bad.content[0]!.text, /payload/);
    assert.equal((await mcp.call('list_deploys')).isError, false);
    assert.deepEqual(mcp.errors, []);
  });

  test('validate_einvoice: a valid XRechnung file, the XML without its buyer reference (BR-DE-15), wrong input', async () => {
    const valid = await mcp.call('validate_einvoice', { file: XRECHNUNG });
    assert.equal(valid.isError, false, valid.line);
    assert.match(
      valid.line,
      /^VALID: 01\.01a-INVOICE_uncefact\.xml is a CII invoice checked as XRECHNUNG against UN\/CEFACT CII D16B XSD, /,
    );
    assert.equal(valid.data.valid, true);
    assert.equal(valid.data.counts.error, 0);

    const broken = fs.readFileSync(XRECHNUNG, 'utf8').replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    const invalid = await mcp.call('validate_einvoice', { xml: broken, profile: 'XRECHNUNG' });
    assert.equal(invalid.isError, false, 'an invalid invoice is a verdict, not a tool error');
    assert.match(invalid.line, /^INVALID: the XML is a CII invoice .*: 1 error, .*error BR-DE-15 at \/rsm:CrossIndustryInvoice: /);
    assert.equal(invalid.data.valid, false);
    assert.ok(invalid.data.findings.some((f: { rule: string }) => f.rule === 'BR-DE-15'));

    assert.equal((await mcp.call('validate_einvoice', {})).data.error, 'invalid_request');
    const notInvoice = await mcp.call('validate_einvoice', { file: path.join(ROOT, 'package.json') });
    assert.equal(notInvoice.isError, true);
    assert.match(notInvoice.data.message, /neither an XML document nor a PDF/);
    assert.match((await mcp.call('validate_einvoice', { file: 'no-such-invoice.xml' })).data.message, /file not found/);
    assert.deepEqual(mcp.errors, []);
  });

  test('pdf_steps: redact a name, then extractText shows it gone; the redacted PDF linked and embedded', async () => {
    const md = await mcp.call('render_html', {
      markdown: '# Statement\n\nCustomer: Jane Doe\n\nAmount due: 42 EUR\n',
      managed: true,
    });
    assert.equal(md.isError, false, md.line);
    assert.match(pdfText(await download(md.data.downloadUrl)), /Jane Doe/);
    const r = await mcp.steps({
      pdfId: md.data.pdfId,
      steps: [{ type: 'redact', text: ['Jane Doe'] }, { type: 'extractText' }],
      fileName: 'statement-redacted',
    });
    assert.equal(r.isError, false, r.line);
    assert.match(r.line, /^Ran redact, extractText on pdf_\w+: 1 managed PDF made: statement-redacted\.pdf \(pdf_\w+, 1 page, /);
    assert.match(r.line, /extractText \(step 1, text, structure \w+\): \d+ characters, below/);
    assert.equal(r.data.pdfs.length, 1);
    assert.match(r.data.pdfs[0].pdfId, /^pdf_/);
    assert.deepEqual(
      r.data.reports.map((x: { type: string; text?: string }) => [x.type, x.text]),
      [['extractText', undefined]],
      'the text comes as its own block, not in the JSON',
    );
    assert.equal(r.texts.length, 1);
    assert.match(r.texts[0]!, /Amount due: 42 EUR/);
    assert.doesNotMatch(r.texts[0]!, /Jane|Doe/);
    const linked = pdfText(await download(r.data.pdfs[0].downloadUrl));
    assert.doesNotMatch(linked, /Jane Doe/);
    assert.match(linked, /Amount due/);
    // Under 5 MiB: the same PDF embedded as a resource, its link as the uri.
    assert.equal(r.resources.length, 1);
    assert.equal(r.resources[0]!.mimeType, 'application/pdf');
    assert.equal(r.resources[0]!.uri, r.data.pdfs[0].downloadUrl);
    const embedded = Buffer.from(r.resources[0]!.blob, 'base64');
    assert.equal(embedded.length, r.data.pdfs[0].bytes);
    assert.doesNotMatch(pdfText(embedded), /Jane Doe/);
    const linksOnly = await mcp.steps({ jobId: md.data.jobId, steps: [{ type: 'rotate', angle: 90 }], embed: false });
    assert.equal(linksOnly.isError, false, linksOnly.line);
    assert.deepEqual(linksOnly.resources, []);
    assert.equal(pdfPages(await download(linksOnly.data.pdfs[0].downloadUrl)), 1);
  });

  test('pdf_steps: validate a PDF given as base64 answers its findings as JSON; wrong input is a tool error', async () => {
    const md = await mcp.call('render_html', { markdown: '# Archive\n\nNot PDF/A.\n' });
    const pdf = await download(md.data.downloadUrl);
    const r = await mcp.steps({
      contentBase64: pdf.toString('base64'),
      fileName: 'archive.pdf',
      steps: [{ type: 'validate', standards: ['pdf/a-2b'] }],
    });
    assert.equal(r.isError, false, 'findings are an answer, not a tool error');
    assert.match(
      r.line,
      /^Ran validate on archive\.pdf \(uploaded as pdf_\w+\): no PDF made \(the steps only read\)\. validate \(step 0\): pdf\/a-2b FAILED with \d+ findings? \(/,
    );
    assert.deepEqual(r.data.pdfs, []);
    assert.deepEqual(r.resources, []);
    const [report] = r.data.reports;
    assert.equal(report.type, 'validate');
    assert.equal(report.passed, false);
    assert.equal(report.results[0].standard, 'pdf/a-2b');
    assert.equal(report.results[0].passed, false);
    assert.equal(report.results[0].claimed, null, 'a print without a PDF/A standard claims none');
    assert.ok(report.results[0].findings.length > 0);
    for (const f of report.results[0].findings)
      assert.ok(typeof f.clause === 'string' && typeof f.message === 'string' && f.count >= 1, JSON.stringify(f));
    assert.ok(report.results[0].checked.length > 0);

    assert.equal((await mcp.steps({ steps: [{ type: 'flatten' }] })).data.error, 'invalid_request');
    const both = await mcp.steps({ pdfId: 'pdf_x', file: 'a.pdf', steps: [{ type: 'flatten' }] });
    assert.match(both.data.message, /exactly one of pdfId, jobId, contentBase64 and file/);
    const notPdf = await mcp.steps({ file: path.join(ROOT, 'package.json'), steps: [{ type: 'extractText' }] });
    assert.equal(notPdf.isError, true);
    assert.match(notPdf.data.message, /neither a PDF nor a PNG/);
    const badStep = await mcp.steps({ jobId: md.data.jobId, steps: [{ type: 'redact' }] });
    assert.equal(badStep.isError, true);
    assert.equal(badStep.data.error, 'invalid_request');
    assert.equal(badStep.data.details.field, 'steps[0]', 'the API names the step');
    assert.deepEqual(mcp.errors, []);
  });

  test("scoped by its key: a key without pdfs:read renders (linked by the job's output) but cannot list PDFs", async () => {
    const created = await createClient({ baseUrl: server.url, apiKey: KEY }).request('POST /v1/api-keys', {
      body: { name: 'mcp render only', scopes: ['deploys:read', 'render:read', 'render:write', 'usage:read'] },
    });
    const scoped = await connect({ FOLIO_API_URL: server.url, FOLIO_API_KEY: created.key, XDG_CONFIG_HOME: configHome });
    try {
      const r = await scoped.call('render', { deploy: 'invoice', payload: sample, managed: true });
      assert.equal(r.isError, false, r.line);
      assert.match(r.data.pdfId, /^pdf_/);
      assert.equal(pdfPages(await download(r.data.downloadUrl)), r.data.pageCount);
      const pdfs = await scoped.call('list_pdfs');
      assert.equal(pdfs.isError, true);
      assert.equal(pdfs.data.error, 'forbidden');
      assert.match(pdfs.line, /scope/);
    } finally {
      await scoped.close();
    }
  });

  test('a wrong key answers unauthorized, no key at all says how to give one; both servers start', async () => {
    const wrong = await connect({
      FOLIO_API_URL: server.url,
      FOLIO_API_KEY: 'folio_sk_wrong000000000000000000000000000000001',
      XDG_CONFIG_HOME: configHome,
    });
    const none = await connect({ XDG_CONFIG_HOME: configHome });
    try {
      const r = await wrong.call('render', { deploy: 'invoice', payload: sample });
      assert.equal(r.isError, true);
      assert.equal(r.data.error, 'unauthorized');
      assert.match(r.line, /FOLIO_API_KEY/);
      const n = await none.call('list_deploys');
      assert.equal(n.isError, true);
      assert.equal(n.data.error, 'not_configured');
      assert.match(n.line, /FOLIO_API_KEY/);
      assert.match(n.line, /folio login/);
      assert.match(none.stderr(), /every tool answers an error until then/);
    } finally {
      await wrong.close();
      await none.close();
    }
  });
});
