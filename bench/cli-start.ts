// How long the `folio` command takes to answer, as a user types it: bin/folio (compiled dist/) against
// the same commands run from the TypeScript sources through tsx (what bin/folio did before issue 17).
// Each command runs RUNS times (default 5); the table shows the median and the slowest, in ms.
// Run: node --import tsx bench/cli-start.ts   (needs a current build: npm run build)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../test/helpers/server-process.js';

const RUNS = Number(process.env.RUNS ?? 5);
const compiled = [path.join(ROOT, 'bin/folio')];
const sources = [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/main/cli.ts')];
const commands: { label: string; args: string[] }[] = [
  { label: 'folio --help', args: ['--help'] },
  { label: 'folio deploy --help', args: ['deploy', '--help'] },
  // Starts the deploy command for real; it stops at the missing folder, before any network call.
  { label: 'folio deploy ./missing-folder', args: ['deploy', path.join(ROOT, 'missing-folder')] },
  { label: 'folio jobs --help', args: ['jobs', '--help'] },
];

function time(cmd: string[], args: string[]): number {
  const start = performance.now();
  spawnSync(cmd[0], [...cmd.slice(1), ...args], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, FOLIO_API_KEY: 'x', FOLIO_API_URL: 'http://127.0.0.1:9' },
  });
  return performance.now() - start;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)].toFixed(0)} / ${s[s.length - 1].toFixed(0)}`;
};

console.log(`# bench/cli-start — ${RUNS} runs each, median / slowest ms\n`);
console.log('| command | bin/folio (compiled) | from sources through tsx |');
console.log('|---|---|---|');
for (const c of commands) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(time(compiled, c.args));
    b.push(time(sources, c.args));
  }
  console.log(`| \`${c.label}\` | ${stats(a)} | ${stats(b)} |`);
}
