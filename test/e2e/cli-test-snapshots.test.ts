// `folio test` as a user runs it: `bin/folio test` processes on a copy of examples/invoice, printing with
// the real Chromium and drawing with the real poppler. Snapshots are recorded, a clean copy passes, a changed
// colour fails with a report naming the pages, and recording again makes it pass; then the same snapshots
// are checked against a real `folio serve` process with --server. Mistakes in the input exit 2 before any
// render. Each `folio test` process starts its own Chromium, one at a time; the rules themselves are
// test/unit/snapshot-compare.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '../../src/sdk/index.js';
import { runFolio, type Run } from '../helpers/cli-run.js';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_snapshots0000000000000000000000000001';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('folio test: snapshot tests of a template', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-snapshots-'));
  const site = path.join(work, 'invoice');
  const snapshot = path.join(site, '__snapshots__', 'sample');
  const reportDir = path.join(site, '.folio-test-report');
  let server: ServerProcess | undefined;

  /** This process's environment without the developer's FOLIO_* settings (no FOLIO_API_URL: the local renderer). */
  function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const e: NodeJS.ProcessEnv = { FOLIO_LOG_LEVEL: 'silent', XDG_CONFIG_HOME: path.join(work, 'config'), ...extra };
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FOLIO_') && !(k in e)) e[k] = v;
    if (process.env.FOLIO_CHROMIUM_PATH) e.FOLIO_CHROMIUM_PATH = process.env.FOLIO_CHROMIUM_PATH;
    return e;
  }
  /** In this process (helpers/cli-run.ts) unless `process`: the first recording is a real `bin/folio` launch. */
  const folio = (args: string[], opts: { cwd?: string; env?: Record<string, string>; process?: boolean } = {}): Promise<Run> =>
    runFolio(['test', ...args], { cwd: opts.cwd ?? site, env: env(opts.env), process: opts.process });
  const ok = (r: Run, code = 0) => assert.equal(r.code, code, `exit ${r.code}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);

  before(() => {
    fs.cpSync(path.join(ROOT, 'examples/invoice'), site, { recursive: true });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('--update records the sample payload; the clean copy passes', async () => {
    const missing = await folio([]);
    ok(missing, 1);
    assert.match(missing.stdout, /✗ sample {2}no snapshot yet: run folio test --update to record it/);

    const recording = Date.now();
    const recorded = await folio(['--update'], { process: true });
    const recordedBy = Date.now();
    ok(recorded);
    assert.match(recorded.stdout, /^✓ sample {2}3 pages, new snapshot$/m);
    assert.match(recorded.stdout, /1 snapshot recorded \(1 new, 0 updated, 0 unchanged\)/);
    assert.match(
      recorded.stderr,
      /note: folio deploy uploads tests\/ and __snapshots__\/ with the version, so the server can check it later/,
    );
    const meta = JSON.parse(fs.readFileSync(path.join(snapshot, 'meta.json'), 'utf8'));
    assert.deepEqual([meta.pages, meta.dpi, meta.renderer], [3, 50, 'local']);
    assert.match(meta.browser, /^HeadlessChrome\/\d+\./, 'the Chromium that printed it');
    const createdAt = Date.parse(meta.createdAt);
    assert.ok(createdAt >= recording && createdAt <= recordedBy, `made while the command ran: ${meta.createdAt}`);
    assert.match(fs.readFileSync(path.join(snapshot, 'text.txt'), 'utf8'), /INVOICE[\s\S]*Blue Harbor Logistics Ltd\./);
    assert.deepEqual(fs.readdirSync(snapshot).sort(), ['meta.json', 'page-1.png', 'page-2.png', 'page-3.png', 'text.txt']);
    const page1 = fs.readFileSync(path.join(snapshot, 'page-1.png'));
    assert.ok(page1.subarray(0, 8).equals(PNG_SIGNATURE));
    assert.equal(page1.readUInt32BE(16), 414, 'an A4 page at 50 dpi is 414 pixels wide');

    const clean = await folio([]);
    ok(clean);
    assert.equal(clean.stdout, '✓ sample  3 pages\n1 passed, 0 failed\n');
    assert.ok(!fs.existsSync(reportDir), 'no report when everything passes');
  });

  test('a changed table-header colour fails with a report of the pages; --update then passes', async () => {
    const css = path.join(site, 'invoice.css');
    const before = fs.readFileSync(css, 'utf8');
    const after = before.replace('.items th {\n  background: var(--accent);', '.items th {\n  background: #b03a2e;');
    assert.notEqual(after, before, 'the example still styles its table header this way');
    fs.writeFileSync(css, after);

    // From the parent folder, naming the template folder.
    const drift = await folio(['invoice'], { cwd: work });
    ok(drift, 1);
    // The header repeats on every page of the table.
    assert.match(drift.stdout, /^✗ sample {2}pages 1, 2, 3 differ \(up to \d+(\.\d+)?% of pixels\)$/m);
    assert.match(drift.stdout, /^0 passed, 1 failed$/m);
    const reportFile = path.join(reportDir, 'index.html');
    assert.match(drift.stdout, new RegExp(`^report: ${reportFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const html = fs.readFileSync(reportFile, 'utf8');
    for (const page of [1, 2, 3]) assert.match(html, new RegExp(`Page ${page} differs: \\d+(\\.\\d+)?% of pixels`));
    assert.doesNotMatch(html, /Text \(pdftotext/, 'a colour changes no text');
    const pictures = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(pictures.slice(0, 3), ['1/page-1-expected.png', '1/page-1-actual.png', '1/page-1-diff.png']);
    for (const p of pictures) assert.ok(fs.readFileSync(path.join(reportDir, p)).subarray(0, 8).equals(PNG_SIGNATURE), p);

    const updated = await folio(['--update']);
    ok(updated);
    assert.match(updated.stdout, /^✓ sample {2}3 pages, snapshot updated: pages 1, 2, 3 differ/m);
    const again = await folio(['--json']);
    ok(again);
    const result = JSON.parse(again.stdout);
    assert.equal(result.ok, true);
    assert.deepEqual(
      result.fixtures.map((f: any) => [f.name, f.status, f.pages, f.expectedPages]),
      [['sample', 'passed', 3, 3]],
    );
    assert.deepEqual(
      result.fixtures[0].pageResults.map((p: any) => [p.page, p.drifts]),
      [
        [1, false],
        [2, false],
        [3, false],
      ],
    );
    assert.equal(result.report, null);
    assert.ok(!fs.existsSync(reportDir), 'the earlier report is gone');
  });

  // One process each for the two mistakes users make most; every other usage error is checked in-process
  // (test/unit/cli-test-arguments.test.ts).
  test('a path that is not a folder, and a fixture that is not JSON, exit 2 naming them before any render', async () => {
    const notFolder = await folio(['index.html']);
    ok(notFolder, 2);
    assert.match(notFolder.stderr, /error: usage: not a folder: index\.html/);

    fs.mkdirSync(path.join(site, 'tests'));
    fs.writeFileSync(path.join(site, 'tests', 'paid.json'), '{"customer": "Ada"}');
    fs.writeFileSync(path.join(site, 'tests', 'broken.json'), '{"customer": ');
    try {
      const broken = await folio([]);
      ok(broken, 2);
      assert.match(broken.stderr, /error: usage: fixture tests\/broken\.json is not valid JSON/);
    } finally {
      fs.rmSync(path.join(site, 'tests'), { recursive: true });
    }
  });

  test('--server prints through a Folio server as inline sources and passes against the local snapshot', async () => {
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    const api = { FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY };
    // FOLIO_API_URL alone does not switch: without --server this run prints locally.
    const local = await folio([], { env: api });
    ok(local);
    assert.match(local.stderr, /printed by this machine's Chromium/);

    const remote = await folio(['--server'], { env: api });
    ok(remote);
    assert.match(remote.stderr, new RegExp(`printed by the server at ${server.url}`));
    assert.equal(remote.stdout, '✓ sample  3 pages\n1 passed, 0 failed\n', 'the same Chromium prints the same pages');
    const recorded = await folio(['--server', '--update'], { env: api });
    ok(recorded);
    const meta = JSON.parse(fs.readFileSync(path.join(snapshot, 'meta.json'), 'utf8'));
    assert.equal(meta.renderer, 'server');
    assert.match(meta.browser, /^Skia\/PDF m\d+$/, "what the PDF says of its producer: the API does not name the server's Chromium");

    const withEnv = await folio(['--server', '--env', 'x.env'], { env: api });
    ok(withEnv, 2);
    assert.match(withEnv.stderr, /--env goes without --server/);
  });

  test('tests/*.json: one fixture per file, each with its snapshot; --update removes the snapshot of a fixture that is gone', async () => {
    const sample = JSON.parse(fs.readFileSync(path.join(site, 'sample-payload.json'), 'utf8'));
    fs.mkdirSync(path.join(site, 'tests'));
    fs.writeFileSync(path.join(site, 'tests', 'acme.json'), JSON.stringify({ ...sample, items: sample.items.slice(0, 2) }));
    fs.writeFileSync(
      path.join(site, 'tests', 'long-customer.json'),
      JSON.stringify({ ...sample, items: sample.items.slice(0, 2), buyer: { ...sample.buyer, name: 'Long Customer Name Ltd.' } }),
    );
    const missing = await folio([]);
    ok(missing, 1);
    assert.match(missing.stdout, /^✗ acme {11}no snapshot yet/m);
    assert.match(missing.stderr, /warning: __snapshots__\/sample has no fixture \(folio test --update removes it\)/);

    const recorded = await folio(['--update']);
    ok(recorded);
    assert.match(recorded.stdout, /^✓ acme {11}1 page, new snapshot$/m);
    assert.match(recorded.stdout, /^✓ long-customer {2}1 page, new snapshot$/m);
    assert.match(recorded.stdout, /^removed __snapshots__\/sample \(no fixture\)$/m);
    assert.doesNotMatch(recorded.stderr, /hint:/);
    // A .folioignore that leaves them out keeps the version from being checked on the server: said.
    fs.writeFileSync(path.join(site, '.folioignore'), '__snapshots__/\n');
    const ignored = await folio(['--update']);
    ok(ignored);
    assert.match(ignored.stderr, /hint: \.folioignore leaves __snapshots__\/ out of folio deploy: .* remove it from \.folioignore/);
    fs.rmSync(path.join(site, '.folioignore'));
    assert.deepEqual(fs.readdirSync(path.join(site, '__snapshots__')).sort(), ['acme', 'long-customer']);
    assert.match(fs.readFileSync(path.join(site, '__snapshots__', 'long-customer', 'text.txt'), 'utf8'), /Long Customer Name Ltd\./);
  });

  test('a deployed version carries its fixtures: the server checks it, and reports drift after the CSS changed', async () => {
    assert.ok(server, 'the --server test started a server');
    const api = { FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY };
    // Through the SDK, as an operator's script would.
    const sdk = createClient({ baseUrl: server.url, apiKey: KEY });
    const deployAndCheck = async () => {
      const deployed = await runFolio(['deploy', '--slug', 'invoice-checked', '--json'], { cwd: site, env: env(api) });
      ok(deployed);
      const { deployId, deployVersion } = JSON.parse(deployed.stdout);
      const { check } = await sdk.deploys.checkVersion(deployId, deployVersion.id);
      assert.equal(check.status, 'running');
      return waitFor(
        'the check to end',
        async () => {
          const got = await sdk.deploys.getVersionCheck(deployId, deployVersion.id, check.id);
          return got.check.status !== 'running' ? got.check : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 250 },
      );
    };
    // Recorded by this machine's Chromium (the previous test), printed again by the server's.
    const clean = await deployAndCheck();
    assert.equal(clean.status, 'passed', JSON.stringify(clean.fixtures));
    assert.deepEqual(
      clean.fixtures.map((f: any) => [f.name, f.status, f.pages]),
      [
        ['acme', 'passed', 1],
        ['long-customer', 'passed', 1],
      ],
    );

    const css = path.join(site, 'invoice.css');
    fs.writeFileSync(css, fs.readFileSync(css, 'utf8').replace(/(\.items th \{\n\s*background:)[^;]+;/, '$1 #2e7d32;'));
    const drifted = await deployAndCheck();
    assert.equal(drifted.status, 'drifted');
    for (const f of drifted.fixtures) assert.match(f.message ?? '', /^page 1 differs \(\d+(\.\d+)?% of pixels\)$/, JSON.stringify(f));
  });
});
