// bench/upload-cli: wall time of the `folio deploy` command, as a user runs it, against a `folio api`
// server process: a generated 1,000-file (~20 MB) folder, then re-deploys with one file changed, then an
// identical re-deploy. Wall time is from spawning `bin/folio deploy` to its exit, so it includes the CLI's
// start-up (Node + tsx), reported separately as the wall time of `bin/folio deploy --help`.
//
//   node --import tsx bench/upload-cli.ts
//   BENCH_REPEATS=5 BENCH_FILES=1000 BENCH_BYTES=20000000 node --import tsx bench/upload-cli.ts
//
// Exit code 1 if a one-file re-deploy sends anything but exactly one blob, or an identical one sends any.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeOneFile, generateBundle, totalSize, type BenchFile } from './lib/bundle.js';
import { machineLine, mb, median, ms, table } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLIO = path.join(ROOT, 'bin/folio');
const KEY = 'folio_sk_bench00000000000000000000000000000000001';
const FILES = Number(process.env.BENCH_FILES ?? 1000);
const BYTES = Number(process.env.BENCH_BYTES ?? 20_000_000);
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 5));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  const t = performance.now();
  const child = spawn(FOLIO, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, wallMs: performance.now() - t })));
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(FOLIO, ['api'], {
    env: {
      ...process.env,
      PORT: '0',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_LOG_LEVEL: 'warn',
      FOLIO_RATE_LIMIT_PER_SECOND: '1000000',
      FOLIO_RATE_LIMIT_BURST: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`folio api exited with ${code}:\n${out}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

function writeFolder(dir: string, files: BenchFile[]): void {
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, f.path), f.content);
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-cli-'));
  const server = await startServer(path.join(work, 'data'));
  const env = { FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY, XDG_CONFIG_HOME: path.join(work, 'config') };
  try {
    let files = generateBundle({ count: FILES, totalBytes: BYTES });
    const dir = path.join(work, 'site');
    writeFolder(dir, files);
    console.log(`# bench/upload-cli\n\n${machineLine()}`);
    console.log(`folder: ${files.length} files, ${mb(totalSize(files))}; server: \`folio api\` process on ${server.url}\n`);

    const startups = [];
    for (let i = 0; i < 3; i++) startups.push((await run(['deploy', '--help'], env)).wallMs);

    const deploy = async () => {
      const r = await run(['deploy', dir, '--slug', 'bench-cli', '--json', '--progress', 'off'], env);
      if (r.code !== 0) throw new Error(`folio deploy exited with ${r.code}:\n${r.stderr}`);
      return { ...(JSON.parse(r.stdout) as { files: number; newBlobs: number; bytesSent: number; version: number }), wallMs: r.wallMs };
    };
    const first = await deploy();
    const edits = [];
    const small = files
      .map((f, i) => ({ i, size: f.content.length }))
      .filter((x) => x.size < 50_000 && files[x.i].path !== 'index.html')
      .map((x) => x.i);
    for (let r = 0; r < REPEATS; r++) {
      const index = small[(r * 97) % small.length];
      files = changeOneFile(files, index, `cli round ${r}`);
      fs.writeFileSync(path.join(dir, files[index].path), files[index].content);
      edits.push(await deploy());
    }
    const identical = await deploy();

    const row = (
      label: string,
      d: { version: number | string; files: number; newBlobs: number | string; bytesSent: number; wallMs: number },
    ) => [label, `v${d.version}`, d.files, d.newBlobs, mb(d.bytesSent), ms(d.wallMs)];
    console.log(
      table(
        ['`folio deploy`', 'version', 'files', 'new blobs', 'sent', 'wall time'],
        [
          row('fresh deploy', first),
          row('one file changed (first)', edits[0]),
          row(`one file changed, median of ${REPEATS}`, {
            ...edits[0],
            version: `2–${REPEATS + 1}`,
            newBlobs: edits.map((e) => e.newBlobs).join('/'),
            wallMs: median(edits.map((e) => e.wallMs)),
          }),
          row('identical files', identical),
        ],
      ),
    );
    console.log(`\nCLI start-up alone (\`folio deploy --help\`, median of 3): ${ms(median(startups))}`);
    const ok = edits.every((e) => e.newBlobs === 1) && identical.newBlobs === 0;
    console.log(`\none-file re-deploy sends exactly one blob, identical re-deploy none: ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
