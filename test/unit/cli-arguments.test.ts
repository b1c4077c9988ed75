// How the `folio` commands read their arguments, run in this process (test/helpers/cli-in-process.ts) rather
// than as bin/folio processes: each mistake in how a command is called exits 2 with its message, before
// any request (a stand-in server counts them: there must be none), and each command's --help answers.
// bin/folio's own wiring keeps one usage error per command family run as a process in test/e2e (cli.test.ts,
// cli-batch.test.ts, operator-cli.test.ts), and the top-level help and --version, which only bin/folio
// answers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import os from 'node:os';
import { startInProcessCli } from '../helpers/cli-in-process.js';
import type { Run } from '../helpers/cli-run.js';
import { ROOT } from '../helpers/server-process.js';

// Not helpers/app.ts's tempDir: importing it loads the whole server into this process.
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

const KEY = 'folio_sk_cliargs0000000000000000000000000000001';

/** This process's environment without any FOLIO_* setting of the developer's shell, plus `extra`. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { FOLIO_LOG_LEVEL: 'silent', ...extra };
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FOLIO_') && !(k in e)) e[k] = v;
  return e;
}

describe('folio command arguments, in-process', () => {
  const cli = startInProcessCli();
  const work = tempDir('folio-cli-args-');
  const out = path.join(work, 'out');
  const site = path.join(work, 'site');
  const configHome = path.join(work, 'config');
  const xml = path.join(ROOT, 'examples/invoice/factur-x-sample.xml');
  // Where FOLIO_API_URL points: a usage error is found before any request, so this must stay at 0.
  let requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  let apiUrl = '';

  function folio(args: string[], opts: { cwd?: string; env?: Record<string, string | undefined>; noApiEnv?: boolean } = {}): Promise<Run> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      XDG_CONFIG_HOME: configHome,
      FOLIO_API_URL: apiUrl,
      FOLIO_API_KEY: KEY,
      ...opts.env,
    };
    if (opts.noApiEnv) {
      delete env.FOLIO_API_URL;
      delete env.FOLIO_API_KEY;
    }
    return cli.run(args, { cwd: opts.cwd ?? work, env });
  }

  /** Each `folio args…` exits 2 before any request, its stderr matching the message. */
  async function usageErrors(
    cases: ReadonlyArray<readonly [readonly string[], RegExp]>,
    opts: { cwd?: string; prefix?: readonly string[] } = {},
  ): Promise<Run[]> {
    const runs: Run[] = [];
    for (const [args, message] of cases) {
      const all = [...(opts.prefix ?? []), ...args];
      requests = [];
      const r = await folio(all, { cwd: opts.cwd });
      assert.equal(r.code, 2, `${all.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, all.join(' '));
      assert.deepEqual(requests, [], `${all.join(' ')}: no request`);
      runs.push(r);
    }
    return runs;
  }

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fs.mkdirSync(out);
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><h1>Arguments</h1>');
    fs.writeFileSync(path.join(work, 'payload.json'), JSON.stringify({ customer: 'Ada Lovelace' }));
    fs.writeFileSync(path.join(work, 'page.html'), '<!doctype html><h1>Inline page</h1>');
    const lines = [1, 2].map((n) => JSON.stringify({ businessKey: `ST-${n}`, payload: { customer: `C${n}` } }));
    fs.writeFileSync(path.join(work, 'bad.jsonl'), `${lines[0]}\n{"customer": \n${lines[1]}\n`);
    fs.writeFileSync(path.join(work, 'big.jsonl'), '{"customer": "x"}\n'.repeat(1001));
    fs.writeFileSync(path.join(work, 'one.jsonl'), '{"n":1}\n');
  });
  after(async () => {
    await cli.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('render: a payload file that is missing or not JSON', async () => {
    fs.writeFileSync(path.join(work, 'broken.json'), '{"customer": ');
    await usageErrors(
      [
        [['--payload', 'missing.json'], /^error: usage: payload file not found: missing\.json$/m],
        [['--payload', 'broken.json'], /payload broken\.json is not valid JSON/],
      ],
      { prefix: ['render', 'quarterly-statement'] },
    );
  });

  test('render --e-invoice, --standard, --attach mistakes', async () => {
    await usageErrors(
      [
        [['--e-invoice-profile', 'MINIMUM'], /--e-invoice-profile needs --e-invoice FILE/],
        [['--e-invoice', xml, '--e-invoice-profile', 'FULL'], /--e-invoice-profile must be one of/],
        [['--standard', 'pdf/x-4'], /--standard must be one of/],
        [['--attach', path.join(work, 'missing.csv')], /--attach: file not found/],
        [['--accessibility', 'wcag'], /--accessibility must be one of none, pdf\/ua-1/],
        [['--steps', path.join(work, 'missing-steps.json')], /--steps: file not found/],
        [['--steps', xml], /--steps .* not JSON/],
      ],
      { prefix: ['render', 'quarterly-statement'] },
    );
  });

  test('render --password, --deny, --owner-password mistakes', async () => {
    await usageErrors(
      [
        [['--password', 'x'], /--password and --deny need --owner-password/],
        [['--owner-password', 'o', '--deny', 'fly'], /--deny: "fly" is not a permission/],
        [['--owner-password', 'env:FOLIO_TEST_UNSET_VARIABLE'], /environment variable FOLIO_TEST_UNSET_VARIABLE is not set/],
      ],
      { prefix: ['render', 'quarterly-statement'] },
    );
  });

  test('render --sign mistakes', async () => {
    await usageErrors(
      [
        [['--sign', 'pdf_123'], /--sign takes a signing certificate id/],
        [['--sign-reason', 'x'], /need --sign CERT_ID/],
        [['--sign', 'scert_0123456789abcdef', '--sign-visible', '1:36,36'], /--sign-visible takes PAGE:X,Y,WxH/],
      ],
      { prefix: ['render', 'quarterly-statement'] },
    );
  });

  test('render --html needs -o; --assets goes with --html', async () => {
    await usageErrors([
      [['render', '--html', path.join(work, 'page.html')], /--html needs -o FILE/],
      [['render', 'quarterly-statement', '--assets', site, '-o', path.join(out, 'inline.pdf')], /--assets goes with --html FILE/],
    ]);
  });

  test('--timeout is seconds everywhere; a bad duration names the flag; the old milliseconds warn', async () => {
    await usageErrors([
      [
        ['render', 'quarterly-statement', '--timeout', 'soon', '--wait'],
        /--timeout must be a number of seconds \(30, 2\.5, 500ms, 2m\), got "soon"/,
      ],
      [['batch', 'quarterly-statement', 'one.jsonl', '--timeout', '0'], /--timeout must be from 1 to 604800 seconds, got "0"/],
      [['deploy', site, '--timeout', '601'], /--timeout must be from 1 to 600 seconds, got "601"/],
      [['deploy', site, '--timeout', '20m'], /--timeout must be from 1 to 600 seconds, got "20m"/],
    ]);
    // The old spelling of deploy (milliseconds) still works, with a warning that says how to write it; the
    // request then fails on the stand-in server, which is not a usage error.
    requests = [];
    const old = await folio(['deploy', site, '--timeout', '30000']);
    assert.match(
      old.stderr,
      /warning: --timeout is in seconds; 30000 is read as milliseconds \(30 s\), as it once was: write --timeout 30/,
    );
    assert.notEqual(old.code, 2, old.stderr);
  });

  test('render page image flag mistakes', async () => {
    await usageErrors(
      [
        [['--png', '--quality', '80', '-o', 'q.png'], /--quality applies to JPEG and WebP/],
        [['--pages', '1', '-o', 'p.pdf'], /--pages needs --png, --jpeg, --webp or --images FORMAT/],
        [['--width', '300', '--quality', '5'], /--width, --quality need --png, --jpeg, --webp or --images FORMAT/],
        [['--png', '--webp', '-o', 'x.png'], /--png and --webp: choose one image format/],
        [['--png', '--images', 'png', '-o', 'x.png'], /--png makes the image the product/],
        [['--png', '--width', '300', '--dpi', '100', '-o', 'x.png'], /--width and --dpi both size the picture/],
        [['--png', '-o', 'x.pdf'], /-o x\.pdf: --png writes a PNG image; name the file \.png/],
        [['--images', 'gif', '-o', 'x.pdf'], /--images takes png, jpeg or webp, got "gif"/],
        [['--jpeg', '--width', 'wide', '-o', 'x.jpg'], /--width takes a whole number, got "wide"/],
        [['--sync', '--png'], /--sync needs -o FILE: where to write the image/],
      ].map(([args, message]) => [args as string[], message as RegExp] as const),
      { prefix: ['render', 'cards'], cwd: out },
    ).then((runs) => runs.forEach((r) => assert.match(r.stderr, /^error: usage: /m)));
    assert.deepEqual(fs.readdirSync(out), [], 'no file written');
  });

  test('--fail-on with a code that is not a warning code, or none at all; --strict without waiting', async () => {
    const [typo] = await usageErrors([
      [
        ['render', 'loading', '--fail-on', 'page_exception,page_exeption', '-o', 'x.pdf'],
        /--fail-on: "page_exeption" is not a warning code/,
      ],
      [['render', 'loading', '--fail-on', ' , '], /^error: usage: --fail-on needs warning codes \(page_exception, .*\) or none$/m],
      [['render', '--html', path.join(work, 'page.html'), '--fail-on', 'exceptions', '-o', 'x.pdf'], /"exceptions" is not a warning code/],
      [['render', 'loading', '--strict'], /^error: usage: --strict needs --wait or -o: it judges the finished job$/m],
      [['deploy', site, '--fail-on', 'http_404'], /--fail-on: "http_404" is not a warning code/],
    ]);
    // The message lists every code, so the fix is on the screen.
    assert.match(typo!.stderr, /one of page_exception, console_error, request_failed, .*payload_schema_missing, or none\)/);
  });

  test('--help of render, deploy and batch explains --strict and --fail-on with the codes', async () => {
    const help = async (...args: string[]) => (await folio([...args, '--help'], { noApiEnv: true })).stdout;
    const render = await help('render');
    assert.match(render, /--strict +exit 1 when the finished job has any warning/);
    assert.match(render, /--fail-on CODE\[,CODE\][\s\S]*codes: page_exception, [\s\S]*payload_schema_missing/);
    assert.match(await help('deploy'), /--fail-on CODE\[,CODE\] +render\.failOn of the version/);
    assert.match(await help('batch'), /--strict +exit 1 when any item has warnings/);
  });

  test('-o into a folder that does not exist is a usage error naming the folder', async () => {
    const missingDir = path.join(work, 'no-such-folder');
    const [render, download] = await usageErrors([
      [['render', 'polish', '-o', path.join(missingDir, 'out.pdf')], /does not exist/],
      [['jobs', 'download', 'job_doesnotmatter', '-o', path.join(missingDir, 'out.pdf')], /no-such-folder/],
    ]);
    assert.ok(render!.stderr.includes(`folder ${missingDir} does not exist`), render!.stderr);
    assert.ok(download!.stderr.includes(missingDir), download!.stderr);
    assert.ok(!fs.existsSync(missingDir), 'no folder was created');
  });

  test('deploy: a folder that is not there, an unknown flag', async () => {
    await usageErrors([
      [['deploy', path.join(work, 'nope')], /folder not found/],
      [['deploy', site, '--nonsense'], /Unknown option '--nonsense'/],
    ]);
  });

  test('a client command with no API configured names both settings and folio login', async () => {
    const r = await folio(['jobs', 'list'], { noApiEnv: true, env: { XDG_CONFIG_HOME: path.join(work, 'empty-config') } });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /no API URL configured: set FOLIO_API_URL and FOLIO_API_KEY, or run `folio login`/);
  });

  test('pdfs merge: a source that is neither a managed PDF nor a job', async () => {
    await usageErrors([[['pdfs', 'merge', 'out_123'], /neither a managed PDF id/]]);
  });

  test('einvoice validate: a missing or unknown file, a bad --profile, an unknown subcommand or flag', async () => {
    await usageErrors([
      [['einvoice', 'validate'], /^error: usage: missing the e-invoice: folio einvoice validate FILE/m],
      [['einvoice', 'validate', 'nope.xml'], /^error: usage: file not found: nope\.xml$/m],
      [['einvoice', 'validate', work], /file not found/],
      [['einvoice', 'validate', xml, '--profile', 'FULL'], /--profile must be one of "MINIMUM", "BASIC WL", .*"XRECHNUNG", got "FULL"/],
      [['einvoice', 'validate', xml, 'other.xml'], /unexpected argument "other\.xml"/],
      [['einvoice', 'validate', xml, '--strict'], /Unknown option '--strict'/],
      [['einvoice', 'check', xml], /unknown einvoice command "check" \(validate\)/],
    ]);
    const bare = await folio(['einvoice']);
    assert.equal(bare.code, 2, 'no subcommand: the help, exit 2');
    assert.match(bare.stdout, /^Usage: folio einvoice validate FILE/);
    // A profile is read however it is written; the stand-in server's 500 is an API error (1), not usage.
    requests = [];
    const loose = await folio(['einvoice', 'validate', xml, '--profile', 'en16931']);
    assert.equal(loose.code, 1, loose.stderr);
    assert.deepEqual(requests, ['POST /v1/e-invoices/validate?profile=EN+16931']);
  });

  test('batch: a bad line, too many lines, a missing file, --merge with --zip', async () => {
    await usageErrors([
      [['batch', 'quarterly-statement', 'bad.jsonl', '--out', path.join(work, 'batch-out')], /bad\.jsonl line 2 is not valid JSON/],
      [['batch', 'quarterly-statement', 'big.jsonl'], /more than 1000 payloads \(line 1001\)/],
      [['batch', 'quarterly-statement', 'nope.jsonl'], /payloads file not found: nope\.jsonl/],
      [['batch', 'invoice', 'one.jsonl', '--merge', 'a.pdf', '--zip', 'a.zip'], /--merge and --zip exclude each other/],
    ]);
  });

  test('the top-level help names every pdfs subcommand and the sources without a deploy', async () => {
    const { clientCommandsHelp } = await import('../../src/cli/client/index.js');
    assert.match(clientCommandsHelp, /folio pdfs upload\|info\|merge\|run/);
    for (const flag of ['--html FILE', '--assets DIR', '--md FILE', '--office FILE', '--url URL'])
      assert.ok(clientCommandsHelp.includes(flag), `the help names ${flag}`);
  });

  test('--help works for every client command and dev, without an API configured', async () => {
    for (const args of [
      ['deploy'],
      ['deploys'],
      ['render'],
      ['batch'],
      ['jobs'],
      ['jobs', 'list'],
      ['pdfs'],
      ['einvoice'],
      ['einvoice', 'validate'],
      ['usage'],
      ['aliases'],
      ['login'],
      ['whoami'],
      ['logout'],
      ['dev'],
    ]) {
      const r = await folio([...args, '--help'], { noApiEnv: true });
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, /^Usage: folio /, args.join(' '));
    }
    const help = async (...args: string[]) => {
      const r = await folio([...args, '--help'], { noApiEnv: true });
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    assert.match(await help('deploy'), /\.folioignore[\s\S]*--verbose/);
    const render = await help('render');
    assert.match(render, /version number \(2 or v2\)/);
    assert.match(render, /--png, --jpeg, --webp/);
    assert.match(render, /folio render card --png -o card\.png --width 1200/);
    assert.match(await help('jobs'), /folio jobs images JOB_ID \[--out DIR\]/);
    assert.match(await help('einvoice'), /--profile P[\s\S]*"EN 16931"[\s\S]*Exit codes: 0 valid \(warnings allowed\), 1 invalid/);
    const batch = await help('batch');
    assert.match(batch, /--merge FILE/);
    assert.match(batch, /--zip FILE/);
  });

  test('operator commands: an unknown subcommand exits 2', async () => {
    const r = await cli.run(['accounts', 'explode'], { cwd: work, env: bareEnv({ FOLIO_DATA_DIR: path.join(work, 'operator') }) });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^error: unknown command "folio accounts explode"$/m);
  });

  test('operator commands without a database refuse with the fix (exit 2) and create nothing', async () => {
    // FOLIO_DATA_DIR unset: the data dir would be ./data under the current folder.
    const cwd = tempDir('folio-nodb-');
    try {
      for (const args of [
        ['accounts', 'list'],
        ['plans', 'list'],
        ['keys', 'list', '--account', 'acct_x'],
      ]) {
        const r = await cli.run(args, { cwd, env: bareEnv() });
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(
          r.stderr,
          new RegExp(`^folio: database sqlite:${cwd}/data/folio\\.db, data dir ${cwd}/data \\(FOLIO_DATA_DIR is not set`, 'm'),
        );
        assert.match(
          r.stderr,
          new RegExp(
            `error: there is no Folio database at ${cwd}/data/folio\\.db, and \`folio ${args.slice(0, 2).join(' ')}\` does not create one`,
          ),
        );
        assert.match(r.stderr, /fix: .*FOLIO_DATA_DIR=/);
        assert.match(r.stderr, /run `folio migrate` first, or repeat the command with --create/);
        assert.equal(r.stdout, '');
        assert.deepEqual(fs.readdirSync(cwd), [], `${args.join(' ')} created nothing`);
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
