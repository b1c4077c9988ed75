// `folio mcp` beyond templates, as an MCP client runs it (the SDK's Client over stdio, against a real
// `folio serve` process with LibreOffice and Chromium): an Office document converted and then stamped by
// pdf_steps with the PDFs embedded in the answers, a URL render the free plan refuses, and the
// resources and prompts the server offers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '../../src/sdk/index.js';
import { tempDir } from '../helpers/app.js';
import { connectMcp, download, pdfPages, type Session } from '../helpers/mcp-session.js';
import { pdfText } from '../helpers/pdf.js';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_mcpsources000000000000000000000000001';
const INVOICE = path.join(ROOT, 'examples/invoice');
const TESTDATA = path.join(ROOT, 'test/fixtures/gotenberg-browser/testdata');
/** Three pages reading "Page 1", "Page 2", "Page 3". */
const DOCX = path.join(TESTDATA, 'pages_3.docx');

describe('folio mcp: Office conversion, URL render, resources and prompts', () => {
  let server: ServerProcess;
  let mcp: Session;
  const work = tempDir('folio-mcp-sources-');
  const configHome = path.join(work, 'config');

  before(async () => {
    fs.mkdirSync(configHome);
    // The free plan: no external network, so a URL render is refused.
    server = await startServerProcess({
      FOLIO_DATA_DIR: path.join(work, 'data'),
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_DEFAULT_PLAN: 'free',
    });
    await createClient({ baseUrl: server.url, apiKey: KEY }).deployDirectory(INVOICE, { slug: 'invoice', alias: 'production' });
    mcp = await connectMcp({ FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY, XDG_CONFIG_HOME: configHome });
  });
  after(async () => {
    await mcp?.close();
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('convert_office: a DOCX file, two of its pages, linked and embedded; pdf_steps stamps the job\u2019s PDF', async () => {
    const r = await mcp.call('convert_office', { file: DOCX, pageRanges: '2-3' });
    assert.equal(r.isError, false, r.line);
    assert.match(r.line, /^Rendered pages_3\.docx: 2 pages, [\d.]+ KB, job job_\w+\. Download \(no API key needed\): http/);
    assert.equal(r.data.status, 'succeeded');
    assert.equal(r.data.kind, 'office');
    assert.equal(r.data.pageCount, 2);
    assert.deepEqual(r.data.warnings, []);
    const linked = await download(r.data.downloadUrl);
    assert.equal(pdfPages(linked), 2);
    assert.equal(r.resources.length, 1);
    assert.equal(r.resources[0]!.mimeType, 'application/pdf');
    const embedded = Buffer.from(r.resources[0]!.blob, 'base64');
    assert.deepEqual(embedded, linked);
    const text = pdfText(embedded);
    assert.match(text, /Page 2/);
    assert.doesNotMatch(text, /Page 1/);

    const stamped = await mcp.steps({ jobId: r.data.jobId, steps: [{ type: 'stamp', text: 'PAID', pages: '1' }], fileName: 'paid' });
    assert.equal(stamped.isError, false, stamped.line);
    assert.match(stamped.line, /^Ran stamp on the PDF of job_\w+: 1 managed PDF made: paid\.pdf \(pdf_\w+, 2 pages, /);
    assert.equal(stamped.resources.length, 1);
    const paid = pdfText(Buffer.from(stamped.resources[0]!.blob, 'base64'));
    assert.match(paid, /PAID/);
    assert.match(paid, /Page 3/);
    assert.deepEqual(mcp.errors, []);
  });

  test('convert_office: base64 with its file name; a misnamed or protected file is refused before it is sent', async () => {
    const r = await mcp.call('convert_office', {
      contentBase64: fs.readFileSync(path.join(TESTDATA, 'page_1.docx')).toString('base64'),
      fileName: 'one.docx',
      embed: false,
    });
    assert.equal(r.isError, false, r.line);
    assert.equal(r.data.pageCount, 1);
    assert.deepEqual(r.resources, []);
    assert.equal(r.data.embedded, false);
    assert.equal(pdfPages(await download(r.data.downloadUrl)), 1);

    const renamed = await mcp.call('convert_office', {
      contentBase64: fs.readFileSync(path.join(ROOT, 'package.json')).toString('base64'),
      fileName: 'notes.docx',
    });
    assert.equal(renamed.isError, true);
    assert.equal(renamed.data.error, 'office_input_invalid');
    const noName = await mcp.call('convert_office', { contentBase64: 'UEsDBA==' });
    assert.match(noName.data.message, /needs fileName/);
    const key = await mcp.call('convert_office', { file: path.join(ROOT, 'package.json') });
    assert.equal(key.data.error, 'office_input_invalid');
    assert.match(key.data.message, /extension/);
    const locked = await mcp.call('convert_office', { file: path.join(TESTDATA, 'protected_page_1.docx') });
    assert.equal(locked.data.error, 'office_password_required');
    assert.match(locked.line, /hint: .*password/);
    assert.equal((await mcp.call('convert_office', {})).data.error, 'invalid_request');
  });

  test('render_url: the free plan has no external network, and the answer says so and what to do', async () => {
    const r = await mcp.call('render_url', { url: 'https://example.com/' });
    assert.equal(r.isError, true);
    assert.equal(r.data.error, 'url_source_not_allowed');
    assert.equal(r.data.status, 403);
    assert.match(r.line, /^error: url_source_not_allowed: .*external network/);
    assert.match(r.line, /hint: .*render_html/);
  });

  test('resources: deploys, a version with its payload schema, jobs and a managed PDF read as a blob', async () => {
    const made = await mcp.call('render_html', { markdown: '# Kept\n\nA managed page.\n', managed: true });
    assert.equal(made.isError, false, made.line);
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((x) => x.uri);
    assert.ok(uris.includes('folio://deploys'), uris.join(' '));
    assert.ok(uris.includes('folio://deploys/invoice/versions/1'), uris.join(' '));
    assert.ok(uris.includes(`folio://jobs/${made.data.jobId}`), uris.join(' '));
    assert.ok(uris.includes(`folio://pdfs/${made.data.pdfId}`), uris.join(' '));
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), [
      'folio://deploys/{deploy}/versions/{version}',
      'folio://jobs/{jobId}',
      'folio://pdfs/{pdfId}',
    ]);

    const readJson = async (uri: string) => {
      const [c] = (await mcp.client.readResource({ uri })).contents;
      assert.equal(c!.mimeType, 'application/json');
      return JSON.parse((c as { text: string }).text);
    };
    const deploys = await readJson('folio://deploys');
    const invoice = deploys.items.find((d: { slug: string }) => d.slug === 'invoice');
    assert.equal(invoice.latestVersion, 1);
    assert.equal(invoice.schema, 'folio://deploys/invoice/versions/1');
    const version = await readJson('folio://deploys/invoice/versions/production');
    assert.equal(version.versionNo, 1);
    assert.deepEqual(version.aliases, ['production']);
    assert.equal(version.payloadSchema.type, 'object');
    assert.ok(version.samplePayload.invoiceNumber);
    assert.equal((await readJson(`folio://jobs/${made.data.jobId}`)).status, 'succeeded');

    const [pdf] = (await mcp.client.readResource({ uri: `folio://pdfs/${made.data.pdfId}` })).contents;
    assert.equal(pdf!.mimeType, 'application/pdf');
    assert.match(pdfText(Buffer.from((pdf as { blob: string }).blob, 'base64')), /A managed page/);
    await assert.rejects(mcp.client.readResource({ uri: 'folio://deploys/nope/versions/latest' }), /deploy_not_found/);
  });

  test('prompts: listed with their arguments; each tells the model which tools to call', async () => {
    const { prompts } = await mcp.client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ['check_einvoice', 'convert_office_file', 'render_from_data']);
    const render = prompts.find((p) => p.name === 'render_from_data')!;
    assert.deepEqual(
      render.arguments!.map((a) => [a.name, a.required]),
      [
        ['deploy', true],
        ['data', true],
        ['version', false],
      ],
    );
    const got = await mcp.client.getPrompt({ name: 'render_from_data', arguments: { deploy: 'invoice', data: '{"customer":"ACME"}' } });
    const text = (got.messages[0]!.content as { text: string }).text;
    assert.match(text, /list_versions with deploy "invoice" and withPayloadSchema: true/);
    assert.match(text, /\{"customer":"ACME"\}/);
    const office = await mcp.client.getPrompt({ name: 'convert_office_file', arguments: { file: 'a.docx', stamp: 'COPY' } });
    assert.match((office.messages[0]!.content as { text: string }).text, /convert_office.*\n.*pdf_steps .*"COPY"/);
    assert.deepEqual(mcp.errors, []);
  });
});
