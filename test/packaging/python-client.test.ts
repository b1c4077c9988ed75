// The Python client (packages/python) against a real `folio serve` (SQLite, files, Chromium): the scripts of
// test/e2e/python-client/ run as a user runs them — `python3` with PYTHONPATH=packages/python, no virtualenv,
// no install — and print one JSON line each, checked here (PDF jobs too: their reports and one-request
// transforms, the PDFs read by poppler). The webhook is a real delivery to an HTTP receiver in this process;
// its raw body and headers go to verify_webhook(). The package's own unittest suite runs
// here too, with a webhook vector signed in Node and accepted by the TypeScript SDK's verifyWebhook, and last
// every ```python block of docs/sdk-python.md (not ```python norun) runs as a program, in order. And the
// package as a new user installs it: the wheel the server serves, by pip into a fresh virtualenv, offline.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook } from '../../src/sdk/webhooks.js';
import { tempDir } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';
import { FOLIO_BIN, ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_pythonclient00000000000000000000000001';
const PACKAGE = path.join(ROOT, 'packages/python');
const SCRIPTS = path.join(ROOT, 'test/e2e/python-client');
const INVOICE = path.join(ROOT, 'examples/invoice');
const PAYLOAD = path.join(INVOICE, 'sample-payload.json');
const DOC_BLOCKS = [...fs.readFileSync(path.join(ROOT, 'docs/sdk-python.md'), 'utf8').matchAll(/```python\n([\s\S]*?)```/g)].map(
  (m) => m[1],
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args…` to its end without blocking this process (the webhook receiver lives here). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment of a user's shell with PYTHONPATH pointing at the package: nothing is installed. */
function pythonEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PYTHONPATH: PACKAGE, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8', ...extra };
}

/** pdfinfo's page count of a PDF file. */
async function pdfPages(file: string): Promise<number> {
  const r = await run('pdfinfo', [file], process.env);
  assert.equal(r.code, 0, r.stderr);
  return Number(/^Pages:\s+(\d+)$/m.exec(r.stdout)![1]);
}

/** A webhook receiver that keeps each request's raw bytes and headers exactly as they arrived. */
async function startRawReceiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: Buffer }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/folio`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Python client against a real server', () => {
  const work = tempDir('folio-python-');
  const dataDir = path.join(work, 'data');
  let server: ServerProcess;
  let receiver: Awaited<ReturnType<typeof startRawReceiver>>;
  let deployId = '';

  /** Runs a scenario script against the server; asserts it exited 0 and returns its JSON line. */
  async function scenario(script: string, ...args: string[]): Promise<any> {
    const r = await run('python3', [path.join(SCRIPTS, script), ...args], pythonEnv({ FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY }));
    assert.equal(r.code, 0, `${script} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!);
  }

  before(async () => {
    receiver = await startRawReceiver();
    // http:// and a loopback receiver are accepted only in insecure mode (docs/webhooks.md, "URL policy").
    server = await startServerProcess({ FOLIO_DATA_DIR: dataDir, FOLIO_BOOTSTRAP_API_KEY: KEY, FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' });
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('the package compiles and its unittest suite passes, with a webhook vector from the TypeScript SDK', async () => {
    const files = [PACKAGE, SCRIPTS].flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.py'))
        .map((f) => path.join(dir, f)),
    );
    assert.ok(files.length >= 15, `${files.length} Python files`);
    // py_compile of every file, the bytecode written to a temporary folder (never beside the sources).
    const compile = `import os, py_compile, sys, tempfile
out = tempfile.mkdtemp()
for i, f in enumerate(sys.argv[1:]):
    py_compile.compile(f, cfile=os.path.join(out, f"{i}.pyc"), doraise=True)
print(len(sys.argv) - 1, "compiled")`;
    const compiled = await run('python3', ['-c', compile, ...files], pythonEnv());
    assert.equal(compiled.code, 0, compiled.stderr);
    assert.ok(fs.existsSync(path.join(PACKAGE, 'folio_client/py.typed')), 'PEP 561 marker');

    const secret = `whsec_${randomBytes(20).toString('base64url')}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = Buffer.from(
      JSON.stringify({ id: 'evt_render_job_terminated_job_vector', type: 'render.job.terminated', data: { note: 'Zürich – €' } }),
    );
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
    const headers = { 'service-webhook-signature': signature, 'service-webhook-timestamp': timestamp };
    assert.equal(
      verifyWebhook({ secret, headers, rawBody: body }).id,
      'evt_render_job_terminated_job_vector',
      'the TS SDK accepts the vector',
    );
    const vector = path.join(work, 'vector.json');
    fs.writeFileSync(
      vector,
      JSON.stringify({
        secret,
        headers,
        signature,
        bodyHex: body.toString('hex'),
        nowSeconds: Number(timestamp),
        eventId: 'evt_render_job_terminated_job_vector',
      }),
    );

    const started = Date.now();
    const unit = await run(
      'python3',
      ['-m', 'unittest', 'discover', '-v', '-s', 'tests', '-t', '.'],
      pythonEnv({ FOLIO_WEBHOOK_VECTOR: vector }),
      PACKAGE,
    );
    assert.equal(unit.code, 0, unit.stderr);
    const ran = Number(/^Ran (\d+) tests? in/m.exec(unit.stderr)?.[1]);
    assert.ok(ran >= 35, `ran ${ran} tests\n${unit.stderr}`);
    assert.match(unit.stderr, /test_the_vector_the_node_test_signed_and_verified .* \.\.\. ok/);
    console.log(`python unittest: ${ran} tests in ${Date.now() - started} ms`);
  });

  test(
    'pip install --no-index of the wheel the server serves: a fresh venv, offline; the installed client calls it',
    { timeout: 300_000 },
    async () => {
      // What `npm start` builds: the packages the server serves, the wheel among them (nothing to do when current).
      const build = await run('bash', ['scripts/build.sh'], process.env);
      assert.equal(build.code, 0, `${build.stdout}\n${build.stderr}`);
      const index = JSON.parse(fs.readFileSync(path.join(ROOT, 'build/packages/index.json'), 'utf8'));
      const wheel = index.packages.python as { name: string; version: string; file: string; sha256: string };
      assert.equal(wheel.file, `folio_client-${wheel.version}-py3-none-any.whl`);

      const venv = path.join(work, 'venv');
      const made = await run('python3', ['-m', 'venv', venv], process.env, work);
      assert.equal(made.code, 0, made.stderr);
      const python = path.join(venv, 'bin', 'python');
      // pip as a new user runs it, with no configuration of this machine's, no cache, and an index that
      // refuses every connection: whatever pip fetches comes from the Folio server.
      const pipEnv: NodeJS.ProcessEnv = {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(PIP_|PYTHONPATH$)/.test(k))),
        PIP_CONFIG_FILE: os.devNull,
        PIP_NO_CACHE_DIR: '1',
        PIP_DISABLE_PIP_VERSION_CHECK: '1',
        PIP_INDEX_URL: 'http://127.0.0.1:9/simple',
        PIP_RETRIES: '0',
      };
      const show = (r: Run) => `exit ${r.code}\n--- stdout:\n${r.stdout}\n--- stderr:\n${r.stderr}`;
      const install = await run(python, ['-m', 'pip', 'install', '--no-index', `${server.url}/sdk/${wheel.file}`], pipEnv, work);
      assert.equal(install.code, 0, show(install));
      assert.ok(install.stdout.split('\n').includes(`Successfully installed folio-client-${wheel.version}`), show(install));
      assert.doesNotMatch(install.stdout + install.stderr, /setuptools|Building wheel|WARNING|ERROR/i, show(install));

      // Run from a folder outside the checkout, with no PYTHONPATH: the installed package is the one imported.
      const program = `import json, os, folio_client
from folio_client import Folio
usage = Folio(os.environ["FOLIO_API_URL"], os.environ["FOLIO_API_KEY"]).usage()
print(json.dumps({"file": folio_client.__file__, "version": folio_client.__version__, "plan": usage["plan"]["name"]}))`;
      const used = await run(python, ['-c', program], { ...pipEnv, FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY }, work);
      assert.equal(used.code, 0, show(used));
      const out = JSON.parse(used.stdout);
      assert.ok(out.file.startsWith(path.join(venv, 'lib') + path.sep), out.file);
      assert.equal(out.version, wheel.version);
      const usage = (await (await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as {
        plan: { name: string };
      };
      assert.equal(out.plan, usage.plan.name);

      // And by name through the server's index, whatever the version: pip finds the same wheel, its sha256 checked.
      const target = path.join(work, 'pip-target');
      const viaIndex = await run(
        python,
        ['-m', 'pip', 'install', '--target', target, '--index-url', `${server.url}/sdk/python/simple`, 'folio-client'],
        pipEnv,
        work,
      );
      assert.equal(viaIndex.code, 0, show(viaIndex));
      assert.ok(viaIndex.stdout.includes(`Downloading ${server.url}/sdk/${wheel.file}`), show(viaIndex));
      assert.ok(fs.existsSync(path.join(target, 'folio_client', 'py.typed')), 'the PEP 561 marker is installed');
      assert.ok(fs.existsSync(path.join(target, `folio_client-${wheel.version}.dist-info`, 'RECORD')));
    },
  );

  test('deploy_directory: examples/invoice, content-addressed; again: no blob, same v1; new_version: v2', { timeout: 60_000 }, async () => {
    const r = await scenario('deploy.py', INVOICE, 'py-invoice');
    const expected = fs.readdirSync(INVOICE).filter((f) => !f.startsWith('.')).length;
    assert.equal(r.files, expected);
    assert.equal(r.newBlobs, expected);
    assert.equal(r.createdDeploy, true);
    assert.equal(r.version, 1);
    assert.deepEqual(r.phases, ['alias', 'check', 'commit', 'hash', 'scan', 'upload']);
    assert.equal(r.totalBytes, r.bytesSent);
    assert.equal(r.unchanged, false);
    assert.deepEqual(r.again, { version: 1, newBlobs: 0, createdDeploy: false, deployId: r.deployId, unchanged: true });
    assert.deepEqual(r.forced, { version: 2, newBlobs: 0, unchanged: false });
    deployId = r.deployId;
    const res = await fetch(`${server.url}/v1/deploys/${deployId}`, { headers: { authorization: `Bearer ${KEY}` } });
    const { aliases } = (await res.json()) as { aliases: Array<{ alias: string; deployVersionId: string }> };
    assert.deepEqual(
      aliases.map((a) => [a.alias, a.deployVersionId]),
      [['production', r.versionId]],
      'alias= points at the first version',
    );
  });

  test('render(): POST /v1/render by slug with the sample payload, and inline HTML and Markdown', { timeout: 120_000 }, async () => {
    const pdf = path.join(work, 'sync.pdf');
    const inline = path.join(work, 'inline.pdf');
    const r = await scenario('render_sync.py', 'py-invoice', PAYLOAD, pdf, inline);
    const bytes = fs.readFileSync(pdf);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.equal(bytes.length, r.bytes);
    assert.equal(r.contentType, 'application/pdf');
    assert.equal(r.fileName, 'py-invoice-PY-SYNC-1.pdf');
    assert.deepEqual(r.warnings, []);
    const pages = await pdfPages(pdf);
    assert.equal(r.pageCount, pages, 'Folio-Page-Count is what poppler counts');
    assert.ok(pages >= 2, `the invoice's 40 lines take several pages, got ${pages}`);
    const text = pdfText(bytes);
    assert.match(text, /INV-2025-0417/);
    assert.match(text, new RegExp(`Page ${pages} of ${pages}\\b`));
    assert.match(pdfText(fs.readFileSync(inline)), /Inline from Python[\s\S]*Ada Lovelace/);
    assert.equal(r.inline.pageCount, 1);
    assert.deepEqual(r.markdown, { pageCount: 1, head: '%PDF-' });
  });

  test('render_job() + wait_for_job() + download(): the long poll, then the PDF to a file and to bytes', { timeout: 120_000 }, async () => {
    const pdf = path.join(work, 'async.pdf');
    const r = await scenario('render_async.py', deployId, PAYLOAD, pdf);
    assert.equal(r.createdStatus, 'queued');
    assert.equal(r.statuses.at(-1), 'succeeded');
    assert.ok(r.statuses.length <= 3, `long poll, not polling: ${r.statuses.length} answers`);
    assert.equal(r.path, pdf);
    assert.equal(fs.statSync(pdf).size, r.bytes);
    assert.equal(r.sameBytes, true);
    assert.equal(await pdfPages(pdf), r.pageCount);
    assert.deepEqual(
      fs.readdirSync(work).filter((f) => f.endsWith('.part')),
      [],
      'no temporary file left',
    );
  });

  test('render_batch(): 5 items, completed, listed with iterate_items()', { timeout: 180_000 }, async () => {
    const r = await scenario('batch.py', deployId, PAYLOAD);
    assert.equal(r.status, 'completed');
    assert.equal(r.counts.succeeded, 5);
    assert.equal(r.counts.failed, 0);
    assert.deepEqual(
      r.items.map((i: { index: number; businessKey: string; status: string }) => [i.index, i.businessKey, i.status]),
      [0, 1, 2, 3, 4].map((i) => [i, `PY-BATCH-${i}`, 'succeeded']),
      'every item, in order, across pages of 2',
    );
    assert.equal(r.progress.at(-1), 5);
    assert.equal(r.firstHead, '%PDF-');
    assert.equal(r.inList, true);
  });

  test('links: a signed download link fetched without the key, managed PDFs, a permanent link', { timeout: 120_000 }, async () => {
    const r = await scenario('links.py', deployId, PAYLOAD);
    assert.match(r.url, new RegExp(`^${server.url}/v1/files/`));
    assert.equal(r.head, '%PDF-');
    assert.match(r.disposition, /^attachment; filename="py-invoice-PY-MANAGED-1\.pdf"/);
    assert.equal(r.sameAsDownload, true);
    assert.ok(r.managed.includes(r.pdfId), 'the managed PDF is listed');
    assert.match(r.permanent, new RegExp(`^${server.url}/p/[A-Za-z0-9]{32}$`));
    assert.equal(r.permanentSame, true);
    assert.equal(r.pdfDownload, true);
    // And from here, with no Authorization header at all.
    const res = await fetch(r.url);
    assert.equal(res.status, 200);
    assert.equal(Buffer.from(await res.arrayBuffer()).length, r.bytes);
  });

  test(
    'pdfs.run_steps() and pdfs.transform(): redact, extractText (text, Markdown), validate reports, an image',
    { timeout: 180_000 },
    async () => {
      const dir = path.join(work, 'pdf-steps');
      fs.mkdirSync(dir);
      const r = await scenario('pdf_steps.py', dir);
      // run_steps: the redacted PDF is made and kept, and the extractText after the redact no longer finds the name.
      assert.deepEqual(r.redacted.pdfs, ['statement-redacted.pdf']);
      assert.deepEqual(r.redacted.report, {
        step: 1,
        type: 'extractText',
        format: 'text',
        structure: r.redacted.report.structure,
        truncated: false,
      });
      assert.match(r.redacted.text, /Amount due: 42 EUR/);
      assert.doesNotMatch(r.redacted.text, /Jane|Doe/);
      const kept = pdfText(fs.readFileSync(path.join(dir, 'run-steps-redacted.pdf')));
      assert.match(kept, /Amount due/);
      assert.doesNotMatch(kept, /Jane Doe/);
      // validate: only reads, so no PDF; a report per standard with its findings.
      assert.deepEqual(r.validated.pdfs, []);
      assert.equal(r.validated.reports.length, 1);
      const [report] = r.validated.reports;
      assert.equal(report.type, 'validate');
      assert.equal(report.passed, false);
      assert.deepEqual(
        report.results.map((s: { standard: string }) => s.standard),
        ['pdf/a-2b', 'pdf/ua-1'],
      );
      const pdfa = report.results[0];
      assert.equal(pdfa.passed, false);
      assert.equal(pdfa.claimed, null, 'a print without a PDF/A standard claims none');
      assert.ok(pdfa.findings > 0);
      assert.deepEqual(
        pdfa.findingKeys.filter((k: string) => k !== 'pages'),
        ['clause', 'count', 'message'],
      );
      assert.ok(pdfa.checked > 0);
      assert.deepEqual(r.failing, { status: 422, code: 'pdf_step_failed', field: 'steps[0]' });
      // An upload (a file part of the form) read as Markdown: no PDF made.
      assert.deepEqual(r.uploaded.pdfs, []);
      assert.equal(r.uploaded.format, 'markdown');
      assert.match(r.uploaded.text, /^#+ Statement$/m);
      // transform: one request each, the bytes or the text themselves.
      assert.equal(r.transform.head, '%PDF-');
      const redacted = pdfText(fs.readFileSync(path.join(dir, 'transform-redacted.pdf')));
      assert.doesNotMatch(redacted, /Jane Doe/);
      assert.match(redacted, /Amount due/);
      assert.match(r.transform.markdown, /^#+ Statement$/m);
      assert.match(r.transform.markdown, /^[-*] first item$/m);
      assert.doesNotMatch(r.transform.markdown, /Jane|Doe/);
      assert.match(r.transform.text, /Amount due: 42 EUR/);
      assert.doesNotMatch(r.transform.text, /Jane|Doe/);
      assert.equal(r.transform.imageHead, '%PDF-');
      assert.equal(await pdfPages(path.join(dir, 'transform-image.pdf')), 1, 'an image is a one-page PDF');
    },
  );

  test(
    'verify_webhook(): a real delivery verifies; tampered, stale or wrongly keyed copies are refused',
    { timeout: 120_000 },
    async () => {
      const setup = await scenario('webhook_setup.py', deployId, PAYLOAD, receiver.url);
      assert.equal(setup.webhook.enabled, true);
      assert.equal(setup.webhook.url, receiver.url);
      const eventId = `evt_render_job_terminated_${setup.jobId}`;
      const delivery = await waitFor(
        () => `a delivery of ${eventId} (received ${receiver.received.map((r) => r.headers['service-webhook-id']).join(', ')})`,
        () => receiver.received.find((r) => r.headers['service-webhook-id'] === eventId),
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      const revealed = await run(FOLIO_BIN, ['secrets', 'reveal', '--deploy', deployId], {
        ...process.env,
        FOLIO_DATA_DIR: dataDir,
        FOLIO_LOG_LEVEL: 'silent',
      });
      assert.equal(revealed.code, 0, revealed.stderr);
      const secret = revealed.stdout.trim().split(/\s+/).pop()!;
      assert.match(secret, /^whsec_/);
      // The TypeScript SDK accepts the same delivery.
      assert.equal(verifyWebhook({ secret, headers: delivery.headers, rawBody: delivery.body }).id, eventId);

      const bodyFile = path.join(work, 'webhook-body.bin');
      const headersFile = path.join(work, 'webhook-headers.json');
      fs.writeFileSync(bodyFile, delivery.body);
      fs.writeFileSync(headersFile, JSON.stringify(delivery.headers));
      const r = await scenario('verify_webhook.py', bodyFile, headersFile, secret);
      assert.equal(r.id, eventId);
      assert.equal(r.type, 'render.job.terminated');
      assert.equal(r.jobId, setup.jobId);
      assert.equal(r.status, 'succeeded');
      assert.equal(r.upperCaseHeaders, eventId);
      assert.equal(r.tampered, 'no v1 signature matches this secret');
      assert.equal(r.extraByte, 'no v1 signature matches this secret');
      assert.equal(r.wrongSecret, 'no v1 signature matches this secret');
      assert.equal(r.stale, 'timestamp outside the tolerance (replayed or clock skew)');
      assert.equal(r.withinTolerance, eventId);
      assert.equal(r.noSignature, 'missing Service-Webhook-Signature header');
    },
  );

  test('a wrong API key: FolioApiError 401 unauthorized with the request id the server sent', async () => {
    const r = await scenario('bad_key.py');
    assert.equal(r.raised, true);
    assert.equal(r.class, 'FolioApiError');
    assert.equal(r.isFolioError, true);
    assert.equal(r.status, 401);
    assert.equal(r.code, 'unauthorized');
    assert.ok(r.message.length > 0);
    assert.match(r.requestId, /^[\w-]{8,}$/);
    // The id is the one the server answers in x-request-id.
    const res = await fetch(`${server.url}/v1/usage`, { headers: { authorization: 'Bearer folio_sk_wrong' } });
    assert.match(res.headers.get('x-request-id') ?? '', /^[\w-]{8,}$/);
  });

  test('docs/sdk-python.md: every python example runs, in order', { timeout: 300_000 }, async () => {
    assert.ok(DOC_BLOCKS.length >= 9, `${DOC_BLOCKS.length} runnable blocks`);
    for (const name of [
      'deploy_directory',
      'FolioApiError',
      'iterate',
      'render(',
      'wait_for_job',
      'render_batch',
      'download',
      'verify_webhook',
    ])
      assert.ok(
        DOC_BLOCKS.some((b) => b.includes(name)),
        name,
      );
    const dir = path.join(work, 'docs');
    fs.mkdirSync(dir);
    for (const [i, block] of DOC_BLOCKS.entries()) {
      const file = path.join(dir, `example-${i}.py`);
      fs.writeFileSync(file, block);
      const r = await run('python3', [file], pythonEnv({ FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY }), dir);
      assert.equal(r.code, 0, `example ${i}:\n${block}\n--- output:\n${r.stdout}\n${r.stderr}`);
      if (block.includes('deploys.create')) assert.match(r.stdout, /^400 invalid_request slug$/m);
      if (block.includes('deploy_directory')) assert.match(r.stdout, /^1 files, 1 new blobs, \d+ bytes sent, version v1$/m);
      if (block.includes('wait_for_job(job')) assert.match(r.stdout, /^wrote .*greeting\.pdf$/m);
      if (block.includes('sign_webhook')) assert.match(r.stdout, /^evt_1\nrefused: no v1 signature matches this secret$/m);
    }
    assert.equal(fs.readFileSync(path.join(dir, 'hello.pdf')).subarray(0, 5).toString(), '%PDF-');
    assert.equal(fs.readFileSync(path.join(dir, 'greeting-2.pdf')).subarray(0, 5).toString(), '%PDF-');
  });
});
