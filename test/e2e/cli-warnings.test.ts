// A render job's warnings as a `folio` user meets them: a template that throws and asks for a stylesheet
// its bundle lacks still prints, and `folio render -o` writes the PDF, then names each warning on stderr
// (exit 0); --strict exits 1 with the PDF written, --fail-on fails the job, --json carries them, `folio
// jobs show` lists them, `folio batch --strict` sums them up per code, and `folio deploy --fail-on`
// makes them fatal for a version. `bin/folio` processes against a real `folio serve` (SQLite, files,
// Chromium). Mistakes in the flags (exit 2) are in test/unit/cli-arguments.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { runFolio, type Run } from '../helpers/cli-run.js';
import { pdfText } from '../helpers/pdf.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_cliwarnings0000000000000000000000000001';

// Prints "Statement", then throws before filling anything in; its stylesheet is not in the bundle.
const THROWING = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="css/missing.css"></head>
<body><h1>Statement</h1><script>const p = null; p.items.map((x) => x);</script></body></html>`;
const CLEAN = '<!doctype html><html><head><meta charset="utf-8"></head><body><h1>Clean statement</h1></body></html>';
// Both have a payload schema, so payload_schema_missing is not among the warnings.
const SCHEMA = JSON.stringify({ type: 'object' });

describe('folio render, jobs, batch and deploy: job warnings', () => {
  let server: ServerProcess;
  const work = tempDir('folio-cli-warnings-');
  const out = path.join(work, 'out');

  /** In this process (helpers/cli-run.ts) unless `process`: the first render is a real `bin/folio` launch. */
  const folio = (args: string[], opts: { process?: boolean } = {}) =>
    runFolio(args, {
      cwd: work,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY },
      process: opts.process,
    });
  const ok = (r: Run) => assert.equal(r.code, 0, `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  const site = (name: string, html: string) => {
    const dir = path.join(work, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.writeFileSync(path.join(dir, 'payload.schema.json'), SCHEMA);
    return dir;
  };
  let throwingId = '';

  before(async () => {
    fs.mkdirSync(out);
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    const deployed = await folio(['deploy', site('loading', THROWING), '--json']);
    ok(deployed);
    throwingId = JSON.parse(deployed.stdout).deployId;
    ok(await folio(['deploy', site('clean', CLEAN)]));
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('render -o writes the PDF, exits 0 and names each warning after "wrote", with a hint; jobs show lists them', async () => {
    const file = path.join(out, 'loading.pdf');
    const r = await folio(['render', 'loading', '-o', file], { process: true });
    ok(r);
    assert.match(r.stdout, /^wrote .*loading\.pdf \(1 page, [\d.]+ KB\) from job job_\w+$/m);
    assert.match(pdfText(fs.readFileSync(file)), /Statement/);
    assert.match(r.stderr, /^warning: page_exception: .*TypeError.*items/m);
    assert.match(r.stderr, /^warning: http_error_status: .*css\/missing\.css.*404/m);
    assert.match(
      r.stderr,
      /^hint: to make these fatal: --fail-on (page_exception,http_error_status|http_error_status,page_exception) \(this job\)/m,
    );
    assert.doesNotMatch(r.stderr, /payload_schema_missing/);

    const jobId = /from job (job_\w+)/.exec(r.stdout)![1]!;
    const shown = await folio(['jobs', 'show', jobId]);
    ok(shown);
    assert.match(shown.stdout, /^status +succeeded$/m);
    assert.match(shown.stdout, /^kind +page$/m);
    assert.match(shown.stdout, /^warning +page_exception: .*TypeError/m);
    assert.match(shown.stdout, /^warning +http_error_status: .*missing\.css/m);
    const listed = await folio(['jobs', 'list', '--limit', '1']);
    assert.match(listed.stdout, new RegExp(`^${jobId} +succeeded +page .*(page_exception|http_error_status),`, 'm'));
  });

  test('--sync --strict: the PDF is written, the warnings printed with their messages, and the exit is 1', async () => {
    const file = path.join(out, 'strict.pdf');
    const r = await folio(['render', throwingId, '--sync', '--strict', '-o', file]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^wrote .*strict\.pdf \(1 page, /m);
    assert.match(pdfText(fs.readFileSync(file)), /Statement/, 'the PDF is written before --strict fails');
    assert.match(r.stderr, /^warning: page_exception: .*TypeError/m, 'the header names the codes, the job gives the messages');
    assert.match(
      r.stderr,
      /^error: job_has_warnings: render job job_\w+ succeeded with 2 warnings \(.*page_exception.*\) and --strict fails on any/m,
    );
  });

  test('--fail-on page_exception fails the job with its error, and no PDF is written', async () => {
    const file = path.join(out, 'fail-on.pdf');
    const r = await folio(['render', 'loading', '--fail-on', 'page_exception', '-o', file]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^error: render_failed_on_warning: render job job_\w+ failed: failOn lists page_exception, and it happened: .*TypeError/m,
    );
    assert.equal(fs.existsSync(file), false);
  });

  test('--json carries the warnings with their messages; a clean page has none and --strict exits 0', async () => {
    const r = await folio(['render', 'loading', '-o', path.join(out, 'json.pdf'), '--json']);
    ok(r);
    const body = JSON.parse(r.stdout);
    assert.deepEqual(body.warnings.map((w: { code: string }) => w.code).sort(), ['http_error_status', 'page_exception']);
    assert.match(body.warnings.find((w: { code: string }) => w.code === 'page_exception').message, /TypeError/);
    assert.deepEqual(body.job.warnings, body.warnings);
    assert.doesNotMatch(r.stderr, /warning:/, '--json prints no warning lines');

    const clean = await folio(['render', 'clean', '--strict', '-o', path.join(out, 'clean.pdf')]);
    ok(clean);
    assert.doesNotMatch(clean.stderr, /warning|hint/);
  });

  test('batch --strict sums the warnings up per code and exits 1 with every PDF written', async () => {
    fs.writeFileSync(path.join(work, 'two.jsonl'), '{"businessKey": "ST-1", "payload": {}}\n{"businessKey": "ST-2", "payload": {}}\n');
    const dir = path.join(work, 'batch-out');
    const r = await folio(['batch', 'loading', 'two.jsonl', '--out', dir, '--strict']);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['ST-1.pdf', 'ST-2.pdf']);
    assert.match(r.stderr, /^warning: page_exception in 2 of 2 items \(2×\); first item 0 \(ST-1\): .*TypeError/m);
    assert.match(r.stderr, /^warning: http_error_status in 2 of 2 items \(2×\); /m);
    assert.match(r.stderr, /^hint: to make these fatal: the version's render\.failOn \(folio deploy --fail-on /m);
    assert.match(r.stderr, /^error: items_have_warnings: 2 of 2 items of batch bat_\w+ have warnings/m);
  });

  test("deploy --fail-on makes the version's jobs fail on it; render --fail-on none turns that off", async () => {
    const d = await folio(['deploy', path.join(work, 'loading'), '--slug', 'strict-loading', '--fail-on', 'page_exception']);
    ok(d);
    assert.match(d.stdout, /^its jobs fail on the warnings page_exception \(render\.failOn\)$/m);
    const failed = await folio(['render', 'strict-loading', '-o', path.join(out, 'strict-version.pdf')]);
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(failed.stderr, /^error: render_failed_on_warning: /m);
    const off = await folio(['render', 'strict-loading', '--fail-on', 'none', '-o', path.join(out, 'off.pdf')]);
    ok(off);
    assert.match(off.stderr, /^warning: page_exception: /m);
  });
});
