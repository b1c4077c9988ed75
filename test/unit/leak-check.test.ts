// The leak check every test file runs under (test/helpers/leak-check.ts, loaded by scripts/run-tests.mjs):
// tiny test files run the way the real ones do (node --test, the check imported) and leave a timer, a server
// or a child process behind, or clean up in their own after() hook.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extraResources } from '../helpers/leak-check.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LEAK_CHECK = pathToFileURL(path.join(root, 'test/helpers/leak-check.ts')).href;
const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-leak-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `source` as a test file under the check; its exit code and everything it printed. */
function runTestFile(name: string, source: string): Promise<{ code: number | null; output: string }> {
  const file = path.join(dir, `${name}.test.mjs`);
  writeFileSync(file, source);
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // this process is a test file itself: the nested runner must be a runner
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', LEAK_CHECK, '--test', '--test-reporter=spec', file],
      { cwd: root, env, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, output: stdout + stderr }),
    );
  });
}

const running = (pid: number) => existsSync(`/proc/${pid}`) && !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

test('a file that leaves a timer, a server or a child process fails, naming it; the child is killed', async () => {
  const [timer, server, child, clean] = await Promise.all([
    runTestFile('timer', `import { test } from 'node:test'; test('t', () => { setInterval(() => {}, 1000); });`),
    runTestFile(
      'server',
      `import { test } from 'node:test'; import net from 'node:net';
       test('t', async () => { await new Promise((r) => net.createServer().listen(0, '127.0.0.1', r)); });`,
    ),
    runTestFile(
      'child',
      `import { test } from 'node:test'; import { spawn } from 'node:child_process';
       test('t', () => { spawn('sleep', ['30'], { stdio: 'ignore' }).unref(); });`,
    ),
    // Cleaned up by the file's own top-level after() hook, registered after the check's: still clean.
    runTestFile(
      'cleans-up',
      `import { after, test } from 'node:test'; import { spawn } from 'node:child_process';
       let i, c; test('t', () => { i = setInterval(() => {}, 1000); c = spawn('sleep', ['30'], { stdio: 'ignore' }); });
       after(async () => { clearInterval(i); c.kill(); await new Promise((r) => c.once('exit', r)); });`,
    ),
  ]);
  assert.equal(timer.code, 1, timer.output);
  assert.match(timer.output, /leak check: \S*timer\.test\.mjs left behind open handles: Timeout\n/);
  assert.equal(server.code, 1, server.output);
  assert.match(server.output, /left behind open handles: TCPServerWrap\n/);
  assert.equal(child.code, 1, child.output);
  const m = /left behind child processes: (\d+) \(sleep 30\)\n/.exec(child.output);
  assert.ok(m, child.output);
  assert.equal(running(Number(m[1])), false, 'the process left behind was killed');
  assert.equal(clean.code, 0, clean.output);
  assert.doesNotMatch(clean.output, /leak check/);
});

test('resources are compared as multisets: one more of a kind is a leftover', () => {
  assert.deepEqual(extraResources(['PipeWrap', 'PipeWrap'], ['PipeWrap', 'Timeout', 'PipeWrap', 'PipeWrap']), ['Timeout', 'PipeWrap']);
  assert.deepEqual(extraResources(['TTYWrap', 'PipeWrap'], ['PipeWrap']), []);
});
