// `folio` commands run in this test process instead of as a `bin/folio` process: for the checks of how a
// command reads its arguments (usage errors, exit 2), which need no server and no process of their own.
// The commands write to process.stdout and process.stderr, and so does the test runner (its reports to the
// parent process); so they run in a worker thread, whose stdout and stderr are the worker's own, one
// command at a time, with the environment given. The working folder is the process's: it is set for the
// length of a command and put back.
import { Worker } from 'node:worker_threads';
import type { CliRequest } from './cli-worker.js';

/** What a `folio` command printed and how it ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface InProcessCli {
  /** Runs `folio args…` in `cwd` with exactly `env` (standard input is empty). */
  run(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run>;
  close(): Promise<void>;
}

export function startInProcessCli(): InProcessCli {
  // The worker loads TypeScript through tsx's API (a worker's first module does not go through the
  // process's --import hooks), and nothing else the test process preloads (the leak check is the process's).
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => tsx.register())
    .then(() => import(${JSON.stringify(new URL('./cli-worker.ts', import.meta.url).href)}))`;
  const worker = new Worker(boot, { eval: true, execArgv: [] });
  // Between commands the worker keeps nothing alive: a file run without the leak check (which closes it)
  // still ends.
  worker.unref();
  let failed: Error | null = null;
  const onEnd = (err: Error) => (failed ??= err);
  worker.on('error', onEnd);
  worker.on('exit', (code) => onEnd(new Error(`the CLI worker exited (${code}): did a command call process.exit?`)));
  let queue: Promise<unknown> = Promise.resolve();

  const once = (args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) =>
    new Promise<Run>((resolve, reject) => {
      if (failed) return reject(failed);
      const before = process.cwd();
      process.chdir(opts.cwd);
      const done = (fn: () => void) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        process.chdir(before);
        worker.unref();
        fn();
      };
      const onMessage = (r: Run) => done(() => resolve(r));
      const onError = (err: Error) => done(() => reject(err));
      const onExit = (code: number) => done(() => reject(new Error(`the CLI worker exited (${code}) during folio ${args.join(' ')}`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const env = Object.fromEntries(Object.entries(opts.env).filter((e): e is [string, string] => e[1] !== undefined));
      worker.ref();
      worker.postMessage({ args, env } satisfies CliRequest);
    });

  return {
    run: (args, opts) => {
      const next = queue.then(() => once(args, opts));
      queue = next.catch(() => {});
      return next;
    },
    close: async () => {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
