// A `bin/folio dev` process as a user starts it: its page and payload URLs read from what it prints, its
// output watched for a line, and stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { FOLIO_BIN } from './server-process.js';

export interface DevProcess {
  child: ChildProcess;
  pageUrl: string;
  payloadUrl: string;
  output(): string;
  waitFor(re: RegExp): Promise<void>;
  stop(): Promise<void>;
}

export async function startDev(args: string[], cwd: string): Promise<DevProcess> {
  const child = spawn(FOLIO_BIN, ['dev', ...args], { cwd, env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters: Array<{ re: RegExp; resolve: () => void }> = [];
  const onData = (d: Buffer) => {
    out += d;
    for (const w of [...waiters])
      if (w.re.test(out)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const waitFor = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (re.test(out)) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re} in:\n${out}`)), 20_000);
      waiters.push({ re, resolve: () => (clearTimeout(timer), resolve()) });
      child.once('exit', (code) => reject(new Error(`folio dev exited with ${code}:\n${out}`)));
    });
  await waitFor(/env: +http/);
  return {
    child,
    pageUrl: /page: +(http\S+)/.exec(out)![1],
    payloadUrl: /payload: +(http\S+)/.exec(out)![1],
    output: () => out,
    waitFor,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
