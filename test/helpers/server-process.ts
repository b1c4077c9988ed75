// Starts `bin/folio <role>` as a child process, as a user would, and waits for its listening line.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FOLIO_BIN = path.join(ROOT, 'bin/folio');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `root` is the checkout whose bin/folio runs (benches compare another checkout against this one).
 * `timeoutMs` only tells a server that never starts from a slow one: a start takes about a second on an idle
 * machine and many times that while other test files keep both cores busy.
 */
export async function startServerProcess(
  env: Record<string, string>,
  role = 'serve',
  timeoutMs = 120_000,
  root = ROOT,
  /** Another way to start it than `bin/folio <role>` (e.g. `['bash', 'scripts/start.sh']`, what npm start runs). */
  command?: string[],
): Promise<ServerProcess> {
  const [program, ...args] = command ?? [path.join(root, 'bin/folio'), role];
  const child = spawn(program!, args, {
    cwd: root,
    // The cheapest real scrypt for dashboard passwords: sign-ins in tests need no production cost.
    env: { ...process.env, PORT: '0', FOLIO_LOG_LEVEL: 'warn', FOLIO_PASSWORD_HASH_COST: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // A process killed by a signal has exitCode null and signalCode set: it is gone all the same.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
