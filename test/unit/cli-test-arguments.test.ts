// How `folio test` reads its arguments, fixtures and metadata, run in this process
// (test/helpers/cli-in-process.ts): each mistake exits 2 with a message naming it, before anything is
// rendered (no Chromium starts: every case stops before the first print), and --help documents every flag.
// Two of these also run as bin/folio processes in test/e2e/cli-test-snapshots.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { startInProcessCli } from '../helpers/cli-in-process.js';

/** This process's environment without any FOLIO_* setting of the developer's shell, plus `extra`. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { FOLIO_LOG_LEVEL: 'silent', ...extra };
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FOLIO_') && !(k in e)) e[k] = v;
  return e;
}

describe('folio test arguments, in-process', () => {
  const cli = startInProcessCli();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-args-'));
  after(async () => {
    await cli.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A template folder with these files (path → content). */
  function folder(name: string, files: Record<string, string | Buffer>): string {
    const dir = path.join(work, name);
    for (const [rel, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), body);
    }
    return dir;
  }
  const page = '<!doctype html><p>hello</p>';

  async function refused(args: string[], message: RegExp, env: Record<string, string> = {}): Promise<void> {
    const r = await cli.run(['test', ...args], { cwd: work, env: bareEnv(env) });
    assert.equal(r.code, 2, `folio test ${args.join(' ')}: exit ${r.code}\n${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, `folio test ${args.join(' ')}`);
    assert.match(r.stderr, /\(see --help\)/);
  }

  test('--help documents every flag', async () => {
    const r = await cli.run(['test', '--help'], { cwd: work, env: bareEnv() });
    assert.equal(r.code, 0);
    for (const flag of [
      '--update',
      '--tolerance F',
      '--server',
      '--route ROUTE',
      '--metadata FILE',
      '--env FILE',
      '--timeout SECONDS',
      '--allow-external-network',
      '--include-dotfiles',
      '--include-node-modules',
      '--json',
      '-h, --help',
    ])
      assert.ok(r.stdout.includes(`  ${flag}`), `--help lacks ${flag}`);
    assert.match(r.stdout, /tests\/\*\.json/);
    assert.match(r.stdout, /__snapshots__\/<fixture>\//);
  });

  test('the folder and its fixtures', async () => {
    await refused(['missing-folder'], /error: usage: folder not found: missing-folder/);
    await refused(['a', 'b'], /unexpected argument "b"/);
    const bare = folder('bare', { 'index.html': page });
    await refused([bare], /no fixtures in .*bare: add a payload as tests\/<name>\.json/);
    const emptyTests = folder('empty-tests', { 'index.html': page, 'tests/readme.txt': 'payloads go here' });
    await refused([emptyTests], /tests\/ in .*empty-tests holds no \.json file/);
    const big = folder('big', { 'index.html': page, 'tests/huge.json': `{"rows": "${'x'.repeat(5 * 1024 * 1024)}"}` });
    await refused([big], /fixture tests\/huge\.json is \d+ bytes; a fixture may be at most 5242880 bytes/);
    const notJson = folder('not-json', { 'index.html': page, 'sample-payload.json': 'customer: Ada' });
    await refused([notJson], /fixture sample-payload\.json is not valid JSON/);
  });

  test('flags', async () => {
    const site = folder('site', { 'index.html': page, 'sub/index.html': page, 'sample-payload.json': '{}' });
    await refused([site, '--tolerance', '2'], /--tolerance must be a share from 0 to 1 \(0\.001\) or a percentage \(0\.1%\), got "2"/);
    await refused([site, '--tolerance', 'some'], /--tolerance must be a share/);
    await refused([site, '--timeout', '0.5'], /--timeout must be from 1 to 600 seconds, got "0.5"/);
    await refused([site, '--frobnicate'], /Unknown option '--frobnicate'/);
    await refused([site, '--route', 'invoice'], /--route must begin with \//);
    await refused([site, '--route', '/nothing-here'], /route \/nothing-here matches no file in .*site/);
    await refused([site, '--metadata', 'missing.json'], /metadata file not found: missing\.json/);
    await refused([site, '--env', 'missing.env'], /env file not found: missing\.env/);
    await refused([site, '--server', '--env', 'dev.env'], /--env goes without --server/);
    await refused([site, '--server', '--allow-external-network'], /--allow-external-network goes without --server/);
    // Inline sources are served from the root: an entry in a subfolder would resolve its links elsewhere.
    await refused([site, '--server', '--route', '/sub/'], /route \/sub\/ is \/sub\/index\.html, in a subfolder/);
  });

  test("render.metadata: the folder's render-metadata.json, checked; --server refuses print options it cannot send", async () => {
    const wrong = folder('wrong-metadata', {
      'index.html': page,
      'sample-payload.json': '{}',
      'render-metadata.json': '{"pdf": {"scale": 9}}',
    });
    await refused([wrong], /metadata render-metadata\.json: render\.metadata\.pdf: /);
    const refs = folder('page-refs', {
      'index.html': page,
      'sample-payload.json': '{}',
      'render-metadata.json': '{"pdf": {"pageReferences": true}}',
    });
    await refused(
      [refs, '--server'],
      /--server renders inline sources, which take no render\.metadata: the pdf options of render-metadata\.json/,
      {
        FOLIO_API_URL: 'http://127.0.0.1:9',
        FOLIO_API_KEY: 'folio_sk_unused',
      },
    );
  });
});
